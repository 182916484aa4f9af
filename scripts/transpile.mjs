// Compiles the server's TypeScript into JavaScript with swc: one file in, one file (and its source
// map) out, under the same path below `outDir`, as tsc would emit it. No type checking here: that is
// `tsc --noEmit` in `npm run lint` / `npm test` (and in the Docker build stage). swc is ~20x cheaper
// than tsc's emit on two cores, and every start of `npm start` or `npm test` builds.
// The options are those Jest runs the same sources with (scripts/swc-options.mjs), so the code the
// tests import in-process and the code the built apps run come out of one compiler. The `@payrail/*`
// aliases are rewritten afterwards by tsc-alias. `node scripts/transpile.mjs --bench` builds the
// benches alone (the bench smoke test does, after the test run's build).
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { dirname, join, relative, sep } from 'node:path';
import { transformFile } from '@swc/core';
import { bin, root, run } from './run.mjs';
import { SWC_OPTIONS } from './swc-options.mjs';

/** What the server build compiles into dist/ (tsconfig.build.json's include and exclude). */
export const SERVER_DIRS = ['apps', 'libs', 'tools'];
export const SERVER_EXCLUDED = ['apps/payment-page/', 'apps/dashboard/', 'libs/web/'];
/** What the benches' build compiles into bench/dist/: the benches and the server and test rigging they import. */
export const BENCH_DIRS = ['bench', 'test/support', ...SERVER_DIRS];

const TEST_FILE = /\.(spec|int-spec|e2e-spec)\.ts$/;
const JSON_IMPORT = /from\s+'(\.{1,2}\/[^']+\.json)'\s+with\s+\{\s*type:\s*'json'\s*\}/g;

/** The .ts files (not declarations, not tests) below `dir`, minus any under an `excluded` prefix. */
async function sources(root, dir, excluded) {
  const entries = await readdir(join(root, dir), { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') && !TEST_FILE.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .filter((path) => !path.split(sep).includes('node_modules') && !excluded.some((prefix) => path.startsWith(prefix)));
}

/** Runs `work` over `items`, `limit` at a time. */
async function eachLimited(items, limit, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/**
 * Transpiles every source below `dirs` (relative to `root`) into `outDir`, keeping relative paths,
 * and copies the JSON files those sources import. `clean` empties `outDir`'s copies of `dirs` first
 * (no stale module of a deleted source survives a rebuild).
 */
export async function transpile({ root, dirs, exclude = [], outDir, clean = true }) {
  const started = performance.now();
  if (clean) await Promise.all(dirs.map((dir) => rm(join(outDir, dir), { recursive: true, force: true })));
  const files = (await Promise.all(dirs.map((dir) => sources(root, dir, exclude)))).flat();
  await eachLimited(files, availableParallelism() * 4, async (file) => {
    const out = join(outDir, file.replace(/\.ts$/, '.js'));
    const { code, map } = await transformFile(join(root, file), {
      ...SWC_OPTIONS,
      sourceMaps: true,
      outputPath: out,
      sourceFileName: relative(dirname(out), join(root, file)),
      swcrc: false,
      configFile: false,
    });
    await mkdir(dirname(out), { recursive: true });
    const jsonImports = [...code.matchAll(JSON_IMPORT)].map((m) => m[1]);
    await Promise.all([
      writeFile(out, `${code}\n//# sourceMappingURL=${out.split(sep).pop()}.map\n`),
      writeFile(`${out}.map`, map ?? '{}'),
      ...jsonImports.map((spec) => copyFile(join(root, dirname(file), spec), join(dirname(out), spec))),
    ]);
  });
  return { files: files.length, ms: Math.round(performance.now() - started) };
}

/** The server's code into dist/ with its aliases rewritten (tsconfig.build.json names the aliases and dist/). */
export async function buildServerCode() {
  await transpile({ root, dirs: SERVER_DIRS, exclude: SERVER_EXCLUDED, outDir: join(root, 'dist') });
  await run(bin('tsc-alias'), ['-p', 'tsconfig.build.json']);
}

/** The benches and what they import into bench/dist/ (tsconfig.bench.json), never into dist/ or the image. */
export async function buildBenchCode() {
  await transpile({ root, dirs: BENCH_DIRS, exclude: SERVER_EXCLUDED, outDir: join(root, 'bench', 'dist') });
  await run(bin('tsc-alias'), ['-p', 'tsconfig.bench.json']);
}

if (import.meta.main) {
  if (process.argv.includes('--bench')) await buildBenchCode();
  else await buildServerCode();
}
