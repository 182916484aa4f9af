import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** One HTTP request the proxy forwarded: the JSON-RPC methods it carried (several for a batch). */
export interface RpcRoundTrip {
  methods: string[];
}

export interface RpcCounter {
  /** Point RPC_URL_<NETWORK> here. */
  url: string;
  /** Every forwarded HTTP request since the last reset, in order. */
  roundTrips(): Promise<RpcRoundTrip[]>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** The proxy itself: forwards JSON-RPC POSTs to `upstream`, records them; `/__stats` and `/__reset` read and clear the record. */
async function listen(upstream: string): Promise<{ server: Server; url: string; trips: RpcRoundTrip[] }> {
  const trips: RpcRoundTrip[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/__stats' || req.url === '/__reset') {
        const body = JSON.stringify(trips);
        if (req.url === '/__reset') trips.splice(0);
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        const parsed = JSON.parse(body) as { method: string } | { method: string }[];
        trips.push({ methods: (Array.isArray(parsed) ? parsed : [parsed]).map((p) => p.method) });
      } catch {
        trips.push({ methods: ['<unparsable>'] });
      }
      fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (answer) =>
          res.writeHead(answer.status, { 'content-type': 'application/json' }).end(Buffer.from(await answer.arrayBuffer())),
        )
        .catch(() => res.writeHead(502).end());
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, trips };
}

/**
 * A JSON-RPC proxy in front of a node that records every HTTP round trip and the methods in it,
 * so tests can count how many round trips a request costs. In this process.
 */
export async function startRpcCounter(upstream: string): Promise<RpcCounter> {
  const { server, url, trips } = await listen(upstream);
  return {
    url,
    roundTrips: () => Promise.resolve([...trips]),
    reset: () => Promise.resolve(void trips.splice(0)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The same proxy in its own process, so a benchmark's server does not pay for the counting. */
export async function startRpcCounterProcess(upstream: string): Promise<RpcCounter> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), upstream], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (first) => {
      lines.close();
      resolve(first);
    });
    child.once('exit', (code) => reject(new Error(`the RPC counter exited with ${String(code)}`)));
  });
  const { url } = JSON.parse(line) as { url: string };
  const stats = async (path: string) => (await (await fetch(`${url}${path}`, { method: 'POST' })).json()) as RpcRoundTrip[];
  return {
    url,
    roundTrips: () => stats('/__stats'),
    reset: async () => void (await stats('/__reset')),
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await listen(process.argv[2]);
  process.stdout.write(`${JSON.stringify({ url })}\n`);
}
