import { createServer } from 'node:net';

/** Ports this process has handed out: the kernel may offer a just-closed port again before its owner listens. */
const handedOut = new Set<number>();

/**
 * A TCP port that was free on 127.0.0.1 a moment ago, never one this process handed out before
 * (two calls in a row, e.g. an app's PORT and METRICS_PORT, could otherwise get the same port).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await probeFreePort();
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

function probeFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something already listens on 127.0.0.1:port. */
export function isPortBusy(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(true));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
  });
}

/** Thrown by a waitFor probe to stop waiting at once (the awaited thing can no longer happen). */
export class GiveUp extends Error {}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      if (error instanceof GiveUp) throw error;
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  const detail = lastError instanceof Error ? `: ${lastError.message}` : '';
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${detail}`);
}
