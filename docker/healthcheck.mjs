// Container health probe without curl/wget (the slim image has neither):
//   node docker/healthcheck.mjs [/health/ready]
// Exits 0 when GET http://127.0.0.1:$PORT<path> answers 2xx within 3 s, else 1.
const path = process.argv[2] ?? '/health/ready';
const port = process.env.PORT;
if (!port) {
  console.error('healthcheck: PORT is not set');
  process.exit(1);
}
try {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { signal: globalThis.AbortSignal.timeout(3000) });
  process.exit(response.ok ? 0 : 1);
} catch (error) {
  console.error(`healthcheck: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
