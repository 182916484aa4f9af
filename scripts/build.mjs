// Builds what runs into dist/: compiles apps, libs and tools with swc (scripts/transpile.mjs; the
// files tsconfig.build.json names: no tests, no test/support rigging, no benches), rewrites the
// @payrail/* path aliases to relative imports, compiles the Solidity contracts, and builds the
// browser apps into dist/web/ (scripts/build-web.mjs); the server side and the browser side build
// side by side (two cores). Type checking is not the build's job: `npm run typecheck` (and `npm test`,
// and the image's build stage) run `tsc --noEmit` over everything.
// `--server` builds the server side only; `--types-ready` leaves the generated API types as they are
// (npm test generates them once, then lints while this builds). `--bench` also builds bench/ with the test rigging it uses
// into bench/dist/ (tsconfig.bench.json), so that rigging never reaches dist/ or the image.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root, run } from './run.mjs';
import { buildBenchCode, buildServerCode } from './transpile.mjs';

const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  console.error(
    `Payrail needs Node 24 (this is ${process.version}). Run it through npm (npm run build / npm start / npm test), which uses the Node 24 from node_modules.`,
  );
  process.exit(1);
}

async function buildServer() {
  await buildServerCode();
  const compileCli = join(root, 'dist', 'tools', 'devstack', 'src', 'contracts', 'compile-cli.js');
  if (existsSync(join(root, 'contracts')) && existsSync(compileCli)) await run(process.execPath, [compileCli]);
}

const { buildWeb } = await import('./build-web.mjs');
try {
  // `--server`: the servers only (npm run openapi writes the documents the browser apps' types come from).
  const web = () => buildWeb({ types: !process.argv.includes('--types-ready') });
  await Promise.all([buildServer(), process.argv.includes('--server') ? null : web()]);
  if (process.argv.includes('--bench')) {
    await buildBenchCode();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
