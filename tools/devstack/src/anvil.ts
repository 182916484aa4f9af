import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { HDNodeWallet, Mnemonic } from 'ethers';

/** Anvil's default mnemonic; its accounts are public knowledge and hold value on no real chain. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

export interface DevAccount {
  address: string;
  privateKey: string;
}

/** The 10 accounts anvil funds by default (m/44'/60'/0'/0/i of ANVIL_MNEMONIC), derived, not pasted. */
export const ANVIL_ACCOUNTS: readonly DevAccount[] = Object.freeze(deriveDevAccounts(10));

/** Sepolia's chain id: the local chain stands in for sepolia. */
export const DEFAULT_ANVIL_CHAIN_ID = 11155111;

export interface StartAnvilOptions {
  port: number;
  /** Default 11155111 (sepolia). */
  chainId?: number;
  /** Load the chain from this file if it exists and dump it there on exit (anvil --state). */
  stateFile?: string;
  /** Seconds per block (interval mining); default is automine, one block per transaction. */
  blockTime?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** How long to wait for eth_chainId to answer; default 15 000 ms. */
  readyTimeoutMs?: number;
}

export interface AnvilHandle {
  rpcUrl: string;
  chainId: number;
  pid: number;
  /** SIGTERM, then SIGKILL after 5 s; resolves once the process has exited. Safe to call twice. */
  stop(): Promise<void>;
}

const KILL_AFTER_MS = 5_000;
const OUTPUT_TAIL_CHARS = 4_000;

/**
 * Starts the native anvil binary (not the npm wrapper script, so the pid we hold is anvil itself)
 * and resolves once it answers eth_chainId with the expected chain id.
 */
export async function startAnvil(opts: StartAnvilOptions): Promise<AnvilHandle> {
  const host = opts.host ?? '127.0.0.1';
  const chainId = opts.chainId ?? DEFAULT_ANVIL_CHAIN_ID;
  const rpcUrl = `http://${host.includes(':') ? `[${host}]` : host}:${opts.port}`;
  if (await isPortOpen(host, opts.port)) {
    throw new Error(`Cannot start anvil: ${host}:${opts.port} is already in use`);
  }

  const args = ['--host', host, '--port', String(opts.port), '--chain-id', String(chainId)];
  if (opts.stateFile) {
    mkdirSync(dirname(opts.stateFile), { recursive: true }); // anvil cannot dump into a missing folder
    args.push('--state', opts.stateFile);
  }
  if (opts.blockTime !== undefined) args.push('--block-time', String(opts.blockTime));

  const { child, output, exited, spawnError } = spawnAnvil(args);
  // If our process exits without stop(), do not leave anvil behind.
  const killOnExit = (): void => void child.kill('SIGKILL');
  process.once('exit', killOnExit);

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= terminate(child, exited).finally(() => process.off('exit', killOnExit));
    return stopping;
  };

  try {
    const answered = await waitForChainId(rpcUrl, child, opts.readyTimeoutMs ?? 15_000, spawnError);
    if (answered !== chainId) throw new Error(`anvil answered chain id ${answered}, expected ${chainId}`);
  } catch (error: unknown) {
    await stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`anvil did not start on ${rpcUrl}: ${reason}\n--- anvil output ---\n${output()}`, { cause: error });
  }
  // child.pid is set whenever the spawn succeeded, which the answered eth_chainId proves.
  return { rpcUrl, chainId, pid: child.pid ?? -1, stop };
}

interface SpawnedAnvil {
  child: ChildProcess;
  /** The last few KB of anvil's stdout and stderr. */
  output: () => string;
  /** Resolves when the process has exited or could not be spawned at all. */
  exited: Promise<void>;
  spawnError: () => Error | undefined;
}

function spawnAnvil(args: string[]): SpawnedAnvil {
  const child = spawn(resolveAnvilBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = captureOutput(child);
  let failure: Error | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      failure = error; // e.g. EACCES on the binary; 'exit' may never follow
      resolve();
    });
  });
  return { child, output, exited, spawnError: () => failure };
}

/** Path of the anvil executable from the installed @foundry-rs/anvil-<os>-<arch> package. */
export function resolveAnvilBinary(): string {
  const platforms: Record<string, string> = { linux: 'linux', darwin: 'darwin', win32: 'win32' };
  const arches: Record<string, string> = { x64: 'amd64', arm64: 'arm64' };
  const os = platforms[process.platform];
  const arch = arches[process.arch];
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  const require = createRequire(import.meta.url);
  const candidates: string[] = [];
  if (os && arch) {
    try {
      const manifest = require.resolve(`@foundry-rs/anvil-${os}-${arch}/package.json`);
      candidates.push(join(dirname(manifest), 'bin', exe));
    } catch {
      // platform package not installed; try the wrapper's fallback location below
    }
  }
  try {
    candidates.push(join(dirname(require.resolve('@foundry-rs/anvil/package.json')), 'dist', exe));
  } catch {
    // wrapper not installed either; reported below
  }
  const found = candidates.find((c) => existsSync(c));
  if (!found) {
    throw new Error(
      `No anvil binary for ${process.platform}/${process.arch}; looked in: ${candidates.join(', ') || 'no @foundry-rs package'}`,
    );
  }
  return found;
}

function deriveDevAccounts(count: number): DevAccount[] {
  const root = HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(ANVIL_MNEMONIC), "m/44'/60'/0'/0");
  return Array.from({ length: count }, (_, i) => {
    const wallet = root.deriveChild(i);
    return Object.freeze({ address: wallet.address, privateKey: wallet.privateKey });
  });
}

/** Keeps draining both pipes (a full pipe would block anvil) and remembers the last few KB. */
function captureOutput(child: ChildProcess): () => string {
  let tail = '';
  const keep = (chunk: Buffer): void => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => tail;
}

async function waitForChainId(
  rpcUrl: string,
  child: ChildProcess,
  timeoutMs: number,
  spawnError: () => Error | undefined,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no answer yet';
  while (Date.now() < deadline) {
    const failed = spawnError();
    if (failed) throw new Error(`could not spawn anvil: ${failed.message}`);
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`anvil exited early (code ${child.exitCode}, signal ${child.signalCode})`);
    }
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        signal: AbortSignal.timeout(1_000),
      });
      const body = (await response.json()) as { result?: string };
      if (typeof body.result === 'string') return Number(BigInt(body.result));
      lastError = `unexpected answer ${JSON.stringify(body)}`;
    } catch (error: unknown) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`eth_chainId did not answer within ${timeoutMs} ms (last error: ${lastError})`);
}

async function terminate(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM'); // anvil dumps --state on SIGTERM
  const timer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
  try {
    await exited;
  } finally {
    clearTimeout(timer);
  }
}

function isPortOpen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}
