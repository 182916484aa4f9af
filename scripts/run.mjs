// One child process of the build, lint and test scripts: run() passes its output through and rejects
// on a non-zero exit (so two chains of steps can run side by side on two cores); runCaptured() holds
// its output to print whole later (jobs whose outputs must not interleave).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const bin = (name) => join(root, 'node_modules', '.bin', name);

/** Runs `cmd args` in the repository root with inherited output; resolves when it exits 0. */
export function run(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${[cmd, ...args].join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/** Runs `cmd args` in the repository root with its output held; answers its exit code (1 when it could not start), output and duration. */
export function runCaptured(cmd, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const done = (code) => resolve({ code, output, seconds: (Date.now() - started) / 1000 });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => {
      output += `${error.message}\n`;
      done(1);
    });
    child.on('close', (code) => done(code ?? 1));
  });
}
