import { createConnection, createServer, type Socket } from 'node:net';

/**
 * A TCP relay in front of a local port, for tests that lose a connection on purpose: `cut()` drops
 * every open connection and refuses new ones (as a dead node or network would), `restore()` lets
 * connections through again.
 */
export async function startTcpRelay(targetPort: number): Promise<{ port: number; cut(): void; restore(): void; close(): Promise<void> }> {
  const open = new Set<Socket>();
  let refusing = false;
  const server = createServer((client) => {
    if (refusing) return void client.destroy();
    const upstream = createConnection({ host: '127.0.0.1', port: targetPort });
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      open.add(a);
      a.pipe(b);
      a.on('error', () => b.destroy());
      a.on('close', () => (open.delete(a), b.destroy()));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('relay has no port');
  const dropAll = () => {
    for (const s of open) s.destroy();
    open.clear();
  };
  return {
    port: address.port,
    cut: () => {
      refusing = true;
      dropAll();
    },
    restore: () => {
      refusing = false;
    },
    close: async () => {
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
