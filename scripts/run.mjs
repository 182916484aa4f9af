// One child process of the build and test scripts: its output passed through, a promise of its end
// that rejects on a non-zero exit (so two chains of steps can run side by side on two cores).
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
