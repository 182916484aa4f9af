import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '@payrail/devstack';

const exec = promisify(execFile);

export interface PostLoadResult {
  requests: number;
  requestsPerSecond: number;
  latencyMeanMs: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
}

/** POSTs one JSON body with autocannon in its own process (bench/autocannon.ts does GETs only). */
export async function postLoad(
  url: string,
  body: object,
  opts: { seconds: number; connections: number; headers: Record<string, string>; rate?: number },
): Promise<PostLoadResult> {
  const args = ['-j', '-m', 'POST', '-b', JSON.stringify(body), '-c', String(opts.connections), '-d', String(opts.seconds)];
  for (const [k, v] of Object.entries({ 'content-type': 'application/json', ...opts.headers })) args.push('-H', `${k}=${v}`);
  if (opts.rate) args.push('-R', String(opts.rate));
  args.push(url);
  const { stdout } = await exec(process.execPath, [join(repoRoot(), 'node_modules', 'autocannon', 'autocannon.js'), ...args], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const r = JSON.parse(stdout) as {
    requests: { average: number; total: number };
    latency: { average: number; p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  return {
    requests: r.requests.total,
    requestsPerSecond: r.requests.average,
    latencyMeanMs: r.latency.average,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}
