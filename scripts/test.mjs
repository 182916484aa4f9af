// `npm test`: builds, lints (ESLint, Prettier, tsc) and runs the browser code's unit tests (Vitest)
// side by side, then Jest with any arguments given (`npm test -- test/e2e/foo.e2e-spec.ts`) once all
// three passed. Side by side because type-aware ESLint is one thread and the longest step: the build
// and Vitest fill the other core meanwhile instead of running before and after it. The API types
// they all read are generated first, once. Meanwhile the Debian packages the tests need
// (scripts/debian-packages.mjs) install in the background: on a fresh machine their downloads
// overlap the build and lint instead of delaying Jest's global setup.
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, root, run, runCaptured } from './run.mjs';

/** The package installer as a background child, its output held until it is awaited. */
async function installPackagesInBackground() {
  const { code, output } = await runCaptured(process.execPath, [join(root, 'scripts', 'debian-packages.mjs')]);
  // A failed install is reported, not fatal here: global setup tries again and names what is missing.
  return code === 0 ? output : `${output}debian packages: the background install failed (exit ${code})\n`;
}

// Node's on-disk V8 code cache for every process started from here (the tests start the built
// apps and CLIs a few hundred times; each start compiles the same modules). Node's default place.
process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), 'node-compile-cache');
const packages = installPackagesInBackground();
try {
  await run(process.execPath, [join(root, 'scripts', 'build-web.mjs'), '--types-only']);
  const steps = await Promise.all([
    runCaptured(process.execPath, [join(root, 'scripts', 'build.mjs'), '--types-ready']).then((r) => ({ name: 'build', ...r })),
    runCaptured(process.execPath, [join(root, 'scripts', 'lint.mjs'), '--typecheck']).then((r) => ({ name: 'lint', ...r })),
    runCaptured(bin('vitest'), ['run']).then((r) => ({ name: 'vitest', ...r })),
  ]);
  for (const { name, code, output, seconds } of steps) {
    if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
    console.log(`${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s`);
  }
  if (steps.some((step) => step.code !== 0))
    throw new Error(
      `failed: ${steps
        .filter((step) => step.code !== 0)
        .map((step) => step.name)
        .join(', ')}`,
    );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
process.stdout.write(await packages);
const jest = spawn(
  process.execPath,
  [
    '--experimental-vm-modules',
    '--no-warnings=ExperimentalWarning',
    join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit' },
);
jest.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
