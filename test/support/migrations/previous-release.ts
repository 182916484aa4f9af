import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { APP_NAMES, repoRoot } from '@payrail/devstack';
import { importSpecifiers, packageOf } from '../module-imports.js';
import { git } from './git-history.js';

/** A past commit's four apps, built into a temporary directory (removed by `remove`; nothing is cached across runs). */
export interface PreviousRelease {
  commit: string;
  dir: string;
  /** Wall time of extract + compile, for the report. */
  buildMs: number;
  remove(): Promise<void>;
}

/** What the apps are built from: the server apps and the libraries, with the commit's own compiler settings. */
const SOURCES = ['package.json', 'tsconfig.json', 'libs', ...APP_NAMES.map((app) => `apps/${app}/src`)];
const TESTS = /\.(spec|int-spec|e2e-spec)\.ts$|\.d\.ts$/;
/** Browser code, never part of a server app. */
const BROWSER_LIBS = new Set(['web']);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** The source roots of the server apps and the server libraries in an extracted tree. */
async function sourceRoots(dir: string): Promise<string[]> {
  const libs = (await readdir(join(dir, 'libs'), { withFileTypes: true }))
    .filter((e) => e.isDirectory() && !BROWSER_LIBS.has(e.name))
    .map((e) => join(dir, 'libs', e.name, 'src'));
  return [...APP_NAMES.map((app) => join(dir, 'apps', app, 'src')), ...libs.filter((d) => existsSync(d))];
}

/**
 * Every npm package the old apps and libraries import must be in this checkout's node_modules
 * (which the old build shares): a dependency removed since then is a clear failure, not an app
 * that dies at start. What the old manifest lists but its code never imports does not count.
 */
async function checkDependencies(dir: string, commit: string): Promise<void> {
  const sources = (await Promise.all((await sourceRoots(dir)).map(filesUnder))).flat().filter((f) => f.endsWith('.ts') && !TESTS.test(f));
  const imported = new Set<string>();
  for (const file of sources)
    for (const specifier of importSpecifiers(await readFile(file, 'utf8'))) {
      const name = packageOf(specifier);
      if (name && !name.startsWith('@payrail/')) imported.add(name);
    }
  const missing = [...imported].sort().filter((name) => !existsSync(join(repoRoot(), 'node_modules', name, 'package.json')));
  if (missing.length > 0)
    throw new Error(
      `The release at ${commit} needs ${missing.join(', ')}, which this checkout's node_modules does not hold: ` +
        'the expand/contract check runs the old code on the current dependencies (see docs/operations.md).',
    );
}

/** scripts/transpile.mjs, the build's compile step (plain ESM, loaded by URL as Jest loads it). */
interface Transpiler {
  transpile(options: { root: string; dirs: string[]; outDir: string; clean?: boolean }): Promise<{ files: number; ms: number }>;
}

/**
 * Compiles the old apps and libraries with this checkout's build step (scripts/transpile.mjs: swc
 * with the options Jest uses, types stripped, decorator metadata and JSON import attributes kept,
 * no type check: that commit passed its own, the imported JSON modules copied beside them), then
 * rewrites the `@payrail/*` aliases with tsc-alias as the build does.
 */
async function compile(dir: string): Promise<void> {
  const { transpile } = (await import(pathToFileURL(join(repoRoot(), 'scripts', 'transpile.mjs')).href)) as Transpiler;
  const dirs = (await sourceRoots(dir)).map((root) => relative(dir, root));
  await transpile({ root: dir, dirs, outDir: join(dir, 'dist'), clean: false });
  const aliases = join(dir, 'tsconfig.release.json');
  await writeFile(
    aliases,
    JSON.stringify({
      extends: './tsconfig.json',
      compilerOptions: { outDir: './dist' },
      'tsc-alias': { resolveFullPaths: true, verbose: false },
    }),
  );
  execFileSync(join(repoRoot(), 'node_modules', '.bin', 'tsc-alias'), ['-p', aliases], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Extracts `commit`'s server code with `git archive` into a temporary directory and builds its four apps into its dist/. */
export async function buildRelease(commit: string): Promise<PreviousRelease> {
  const started = performance.now();
  const dir = await mkdtemp(join(tmpdir(), `payrail-release-${commit.slice(0, 12)}-`));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    const archive = join(dir, 'source.tar');
    git(['archive', '--format=tar', '-o', archive, commit, '--', ...SOURCES]);
    execFileSync('tar', ['-xf', archive, '-C', dir]);
    await rm(archive);
    await checkDependencies(dir, commit);
    await symlink(join(repoRoot(), 'node_modules'), join(dir, 'node_modules'), 'dir');
    await compile(dir);
    return { commit, dir, buildMs: Math.round(performance.now() - started), remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
