// Builds what runs into dist/: type-checks and compiles apps, libs and tools (tsconfig.build.json:
// no tests, no test/support rigging, no benches), rewrites the @payrail/* path aliases to relative
// imports, compiles the Solidity contracts, and builds the browser apps into dist/web/ (scripts/build-web.mjs). `--bench` also builds bench/ with the test rigging
// it uses into bench/dist/ (tsconfig.bench.json), so that rigging never reaches dist/ or the image.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  console.error(
    `Payrail needs Node 24 (this is ${process.version}). Run it through npm (npm run build / npm start / npm test), which uses the Node 24 from node_modules.`,
  );
  process.exit(1);
}
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });

run(bin('tsc'), ['-p', 'tsconfig.build.json']);
run(bin('tsc-alias'), ['-p', 'tsconfig.build.json']);
const compileCli = join(root, 'dist', 'tools', 'devstack', 'src', 'contracts', 'compile-cli.js');
if (existsSync(join(root, 'contracts')) && existsSync(compileCli)) run(process.execPath, [compileCli]);
const { buildWeb } = await import('./build-web.mjs');
await buildWeb();
if (process.argv.includes('--bench')) {
  run(bin('tsc'), ['-p', 'tsconfig.bench.json']);
  run(bin('tsc-alias'), ['-p', 'tsconfig.bench.json']);
}
