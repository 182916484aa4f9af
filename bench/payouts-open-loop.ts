import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * An open-loop load generator: request i is sent at start + i/rate whatever the answers before it
 * did (autocannon's fixed rate starts every connection at the same instant, so 100 req/s over 10
 * connections arrives as bursts of 10). Run in its own process so it never shares the server's
 * event loop: `node payouts-open-loop.js '<json spec>'` prints a JSON result.
 */
export interface OpenLoopSpec {
  url: string;
  body: object;
  headers: Record<string, string>;
  rate: number;
  seconds: number;
}

export interface OpenLoopResult {
  sent: number;
  ok: number;
  achievedRate: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
}

export async function openLoop(spec: OpenLoopSpec): Promise<OpenLoopResult> {
  const { stdout } = await promisify(execFile)(process.execPath, [fileURLToPath(import.meta.url), JSON.stringify(spec)], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as OpenLoopResult;
}

async function run(spec: OpenLoopSpec): Promise<OpenLoopResult> {
  const total = Math.round(spec.rate * spec.seconds);
  const body = JSON.stringify(spec.body);
  const headers = { ...spec.headers, 'content-type': 'application/json' };
  const latencies: number[] = [];
  let ok = 0;
  const start = performance.now() + 50;
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / spec.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      fetch(spec.url, { method: 'POST', headers, body }).then(async (res) => {
        await res.arrayBuffer();
        latencies.push(performance.now() - due);
        if (res.status === 201) ok++;
      }),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)];
  return {
    sent: total,
    ok,
    achievedRate: total / elapsed,
    latencyP50Ms: at(50),
    latencyP99Ms: at(99),
    latencyMaxMs: latencies[latencies.length - 1],
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(JSON.stringify(await run(JSON.parse(process.argv[2]) as OpenLoopSpec)));
}
