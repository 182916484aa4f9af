import { createServer, type Server } from 'node:http';
import { metricsRegistry } from './registry.js';

/**
 * The metrics endpoint of a process, on its own port (METRICS_PORT), apart from the public API:
 * `GET /metrics` answers the Prometheus text format; anything else 404. Nothing here carries
 * tenant data, so it has no credential; the network policy admits only the monitoring namespace.
 */
export function startMetricsServer(port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metricsRegistry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(body),
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${(error as Error).message}\n`),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
