import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One JSON-RPC call as a client sent it. */
export interface RpcCall {
  method: string;
  params?: unknown[];
}

export interface RpcGate {
  /** Point the process under test's RPC_URL_<NETWORK> here. */
  url: string;
  /**
   * Holds the next HTTP request carrying a call that `matches` (the whole batch it is in) until
   * `release` is called: a seam to act at while the process waits for its answer.
   */
  holdNext(matches: (call: RpcCall) => boolean): { held: Promise<void>; release: () => void };
  /** Until called again with null, answers HTTP 503 to every request carrying a call that `matches` (an RPC outage). */
  failWhile(matches: ((call: RpcCall) => boolean) | null): void;
  /** Every call forwarded so far (batches flattened), in order. */
  calls(): RpcCall[];
  /** Every HTTP request forwarded so far, each as the calls it carried (one for a single call, a JSON-RPC batch's calls). */
  batches(): RpcCall[][];
  close(): Promise<void>;
}

/** A JSON-RPC proxy in front of a node that can hold a chosen call; in the test process. */
export async function startRpcGate(upstream: string): Promise<RpcGate> {
  const seen: RpcCall[] = [];
  const requests: RpcCall[][] = [];
  let gate: { matches: (call: RpcCall) => boolean; reached: () => void; opened: Promise<void> } | null = null;
  let failing: ((call: RpcCall) => boolean) | null = null;

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const parsed = JSON.parse(body) as RpcCall | RpcCall[];
      const batch = Array.isArray(parsed) ? parsed : [parsed];
      seen.push(...batch);
      requests.push(batch);
      if (failing && batch.some(failing)) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('unavailable');
        return;
      }
      const current = gate;
      const wait = current && batch.some(current.matches) ? ((gate = null), current.reached(), current.opened) : Promise.resolve();
      void wait
        .then(() => fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body }))
        .then(async (answer) =>
          res.writeHead(answer.status, { 'content-type': 'application/json' }).end(Buffer.from(await answer.arrayBuffer())),
        )
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    holdNext(matches) {
      let reached!: () => void;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (reached = resolve));
      const opened = new Promise<void>((resolve) => (release = resolve));
      gate = { matches, reached, opened };
      return { held, release };
    },
    failWhile(matches) {
      failing = matches;
    },
    calls: () => [...seen],
    batches: () => [...requests],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
