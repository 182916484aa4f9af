import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '@payrail/devstack';

const exec = promisify(execFile);

export interface LoadResult {
  requestsPerSecond: number;
  latencyMeanMs: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
}

/** Runs autocannon in its own process (so it does not share the server's event loop). */
export async function load(
  url: string,
  opts: { seconds: number; connections: number; headers?: Record<string, string>; rate?: number },
): Promise<LoadResult> {
  const args = ['-j', '-c', String(opts.connections), '-d', String(opts.seconds)];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}=${v}`);
  if (opts.rate) args.push('-R', String(opts.rate));
  args.push(url);
  const { stdout } = await exec(process.execPath, [join(repoRoot(), 'node_modules', 'autocannon', 'autocannon.js'), ...args], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const r = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { average: number; p99: number };
    non2xx: number;
    errors: number;
  };
  return {
    requestsPerSecond: r.requests.average,
    latencyMeanMs: r.latency.average,
    latencyP99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

export const fmt = (n: number, digits = 0): string => n.toFixed(digits);
