import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { freePort, GiveUp, waitFor } from './ports.js';
import { repoRoot } from './paths.js';

export const APP_NAMES = ['payments-api', 'auth-api', 'webhook-worker', 'chain-worker'] as const;
export type AppName = (typeof APP_NAMES)[number];

export interface AppHandle {
  name: AppName;
  url: string;
  /** The app's Prometheus endpoint (`GET /metrics` on METRICS_PORT). */
  metricsUrl: string;
  child: ChildProcess;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code or signal. */
  stop(graceMs?: number): Promise<number | string | null>;
  /** SIGKILL at once (crash tests). */
  kill(): Promise<number | string | null>;
}

export interface StartAppOptions {
  port: number;
  /** METRICS_PORT; a free port when unset. */
  metricsPort?: number;
  env: Record<string, string>;
  /** Where the app's stdout/stderr go: `{ file }`, 'inherit' (prefixed lines), or 'ignore'. */
  output: { file: string } | 'inherit' | 'ignore';
  readyTimeoutMs?: number;
  /** The checkout whose built `dist/` runs (cwd and entry point); this repository when unset. */
  root?: string;
  /**
   * Stack traces through the source maps (`--enable-source-maps`): `npm start` asks for them. Off
   * by default: Node then reads and parses every loaded module's map as it loads (dependencies'
   * included), about a tenth more CPU per start, which the tests (hundreds of starts) do without.
   */
  sourceMaps?: boolean;
}

export function appEntry(name: AppName, root = repoRoot()): string {
  return join(root, 'dist', 'apps', name, 'src', 'main.js');
}

function pipeOutput(child: ChildProcess, name: string, output: StartAppOptions['output']): WriteStream | undefined {
  if (output === 'ignore') return undefined;
  if (output === 'inherit') {
    const prefix = (data: Buffer) =>
      data
        .toString()
        .split('\n')
        .filter(Boolean)
        .map((l) => `[${name}] ${l}\n`)
        .join('');
    child.stdout?.on('data', (d: Buffer) => process.stdout.write(prefix(d)));
    child.stderr?.on('data', (d: Buffer) => process.stderr.write(prefix(d)));
    return undefined;
  }
  const file = createWriteStream(output.file, { flags: 'a' });
  child.stdout?.pipe(file);
  child.stderr?.pipe(file);
  return file;
}

/** The last few kilobytes an app wrote to stderr, kept whatever its output option, for a start-up failure's message. */
function stderrTail(child: ChildProcess): () => string {
  let tail = '';
  child.stderr?.on('data', (d: Buffer) => {
    tail = (tail + d.toString()).slice(-4096);
  });
  return () => tail.trim();
}

function exited(child: ChildProcess): Promise<number | string | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode ?? child.signalCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
}

/** Starts a built app (`dist/`) as a child process and waits until /health/ready answers 200. */
export async function startApp(name: AppName, opts: StartAppOptions): Promise<AppHandle> {
  const metricsPort = opts.metricsPort ?? (await freePort());
  const flags = opts.sourceMaps ? ['--enable-source-maps'] : [];
  const child = spawn(process.execPath, [...flags, appEntry(name, opts.root)], {
    cwd: opts.root ?? repoRoot(),
    env: { ...process.env, ...opts.env, PORT: String(opts.port), METRICS_PORT: String(metricsPort) },
    stdio: ['ignore', opts.output === 'ignore' ? 'ignore' : 'pipe', 'pipe'],
  });
  pipeOutput(child, name, opts.output);
  const lastErrors = stderrTail(child);
  const url = `http://127.0.0.1:${opts.port}`;
  const stop = async (graceMs = 10000) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exited(child);
      clearTimeout(timer);
      return result;
    }
    return exited(child);
  };
  const kill = async () => {
    child.kill('SIGKILL');
    return exited(child);
  };
  try {
    await waitFor(
      `${name} /health/ready`,
      async () => {
        if (child.exitCode !== null) {
          const said = lastErrors();
          throw new GiveUp(
            `${name} exited with code ${child.exitCode} before it was ready${said ? `; its stderr ended with:\n${said}` : ''}`,
          );
        }
        const res = await fetch(`${url}/health/ready`);
        return res.status === 200 ? true : undefined;
      },
      opts.readyTimeoutMs ?? 60000,
      150,
    );
  } catch (error) {
    await kill();
    throw error;
  }
  return { name, url, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`, child, stop, kill };
}
