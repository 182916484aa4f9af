import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { Redis } from 'ioredis';
import { waitFor } from './ports.js';

export interface RedisHandle {
  url: string;
  stop(): Promise<void>;
}

const CANDIDATES = ['/usr/bin/redis-server', '/usr/local/bin/redis-server', '/usr/sbin/redis-server'];

function findRedisServer(): string | undefined {
  for (const path of CANDIDATES) if (existsSync(path)) return path;
  try {
    return execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Finds redis-server, installing Debian's package when missing and we are root. */
export function ensureRedisServer(log: (line: string) => void = console.log): string {
  const found = findRedisServer();
  if (found) return found;
  if (process.getuid?.() !== 0) {
    throw new Error('redis-server is not installed: run `sudo apt-get install -y redis-server` (or set REDIS_URL) and try again');
  }
  log('redis-server not found: installing Debian package redis-server (apt-get)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', '-q', 'redis-server'], { stdio: 'ignore', env });
  } catch {
    execFileSync('apt-get', ['update', '-q'], { stdio: 'ignore', env });
    execFileSync('apt-get', ['install', '-y', '-q', 'redis-server'], { stdio: 'ignore', env });
  }
  const installed = findRedisServer();
  if (!installed) throw new Error('apt-get install redis-server finished but redis-server is still not on this machine');
  return installed;
}

/** Starts a private redis-server as our child; with `dataDir`, data survives a restart (AOF). */
export async function startRedis(opts: { port: number; dataDir?: string; log?: (line: string) => void }): Promise<RedisHandle> {
  const binary = ensureRedisServer(opts.log);
  const args = ['--port', String(opts.port), '--bind', '127.0.0.1', '--daemonize', 'no', '--protected-mode', 'yes'];
  if (opts.dataDir) {
    await mkdir(opts.dataDir, { recursive: true });
    args.push('--dir', opts.dataDir, '--appendonly', 'yes', '--save', '');
  } else {
    args.push('--save', '', '--appendonly', 'no');
  }
  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = `redis://127.0.0.1:${opts.port}`;
  await waitFor(`redis-server on port ${opts.port}`, async () => {
    if (child.exitCode !== null) throw new Error(`redis-server exited: ${stderr}`);
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined); // not up yet: the probe retries
    try {
      await client.connect();
      return (await client.ping()) === 'PONG' ? true : undefined;
    } finally {
      client.disconnect();
    }
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
