import { readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { networkInterfaces } from 'node:os';

/** Local addresses of the listening TCP sockets on `ports` (Linux /proc/net/tcp and tcp6). */
export function listeningAddresses(ports: number[]): Map<number, string[]> {
  const found = new Map<number, string[]>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== '0A' || !local) continue; // 0A: LISTEN
      const [hex, portHex] = local.split(':');
      const port = parseInt(portHex, 16);
      if (!ports.includes(port)) continue;
      const address = hex.length === 8 ? [...Buffer.from(hex, 'hex')].reverse().join('.') : hex === '0'.repeat(32) ? '::' : `ipv6:${hex}`;
      found.set(port, [...(found.get(port) ?? []), address]);
    }
  }
  return found;
}

export function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * What is reachable beyond this machine among `ports`: each port whose listening socket is bound
 * elsewhere than 127.0.0.1 (or not found), and, where the machine has a non-loopback IPv4 address,
 * each port a connection to that address reaches. Empty when all listen on loopback only.
 */
export async function notLoopbackOnly(ports: number[]): Promise<string[]> {
  const bound = listeningAddresses(ports);
  const problems = ports
    .filter((port) => JSON.stringify(bound.get(port)) !== JSON.stringify(['127.0.0.1']))
    .map((port) => `${port} listens on ${bound.get(port)?.join(', ') ?? 'nothing'}`);
  const lan = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
  if (lan) for (const port of ports) if (await connects(lan, port)) problems.push(`${port} accepts connections on ${lan}`);
  return problems;
}
