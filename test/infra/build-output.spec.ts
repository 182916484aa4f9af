// What the production build holds (#19): scripts/transpile.mjs compiles into dist/ no test, no test
// rigging and no bench, and the image (docker/Dockerfile) carries only dist/apps and dist/libs, whose entry points
// reach nothing but themselves, Node built-ins and production dependencies: no devstack, no
// @nestjs/testing. Reads the dist/ that `npm test` builds first.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { importSpecifiers, packageOf } from '@payrail/test-support/module-imports.js';
import { copies, readStages } from './dockerfile.js';
import { APP_NAMES } from './k8s-checks.js';
import { REPO_ROOT } from './render.js';

const DIST = join(REPO_ROOT, 'dist');
const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Repository-relative sources of what the build compiled into dist/ (every .js but the browser apps' dist/web). */
function buildSources(): string[] {
  return readdirSync(DIST, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js') && !file.startsWith(`web${sep}`))
    .map((file) => file.split(sep).join('/').replace(/\.js$/, '.ts'));
}

/** Every module the compiled entry points load, followed through relative imports. */
function closure(entries: string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [...entries];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    if (!file.endsWith('.js')) continue;
    for (const specifier of importSpecifiers(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) pending.push(resolve(dirname(file), specifier));
      const name = packageOf(specifier);
      if (name) packages.add(name);
    }
  }
  return { files, packages };
}

describe('production build (dist/ as npm run build leaves it)', () => {
  const sources = buildSources();

  it('compiles apps, libs and tools, and nothing from test/ or bench/', () => {
    expect(sources.filter((f) => f.startsWith('apps/')).length).toBeGreaterThan(100);
    expect(sources.filter((f) => f.startsWith('libs/')).length).toBeGreaterThan(100);
    expect(sources.filter((f) => !/^(apps|libs|tools)\//.test(f))).toEqual([]);
  });

  it('compiles no spec file and no testing/ rigging folder', () => {
    expect(sources.filter((f) => /\.(spec|int-spec|e2e-spec)\.ts$/.test(f))).toEqual([]);
    expect(sources.filter((f) => f.split('/').includes('testing'))).toEqual([]);
  });
});

describe('the image: dist/apps and dist/libs only', () => {
  const stages = readStages(readFileSync(join(REPO_ROOT, 'docker', 'Dockerfile'), 'utf8'));
  const runtime = stages[stages.length - 1];
  const entries = [
    ...APP_NAMES.map((app) => join(DIST, 'apps', app, 'src', 'main.js')),
    join(DIST, 'apps', 'payments-api', 'src', 'cli', 'admin.js'),
    join(DIST, 'libs', 'persistence', 'src', 'cli', 'migrate.js'),
  ];

  it('copies dist/apps and dist/libs from the build stage, never all of dist/ or dist/tools', () => {
    const fromBuild = copies(runtime)
      .filter((c) => c.from === 'build')
      .flatMap((c) => c.sources);
    expect(fromBuild.sort()).toEqual(['/app/dist/apps', '/app/dist/libs']);
  });

  it('has entry points whose imports stay inside dist/apps and dist/libs (no devstack, no test rigging)', () => {
    for (const entry of entries) expect(existsSync(entry)).toBe(true);
    const { files } = closure(entries);
    expect(files.size).toBeGreaterThan(200);
    const outside = [...files].map((f) => relative(DIST, f)).filter((f) => !/^(apps|libs)\//.test(f));
    expect(outside).toEqual([]);
    expect([...files].filter((f) => /\/testing\/|\.spec\.js$|devstack/.test(f))).toEqual([]);
  });

  it('has entry points that load only production dependencies, so @nestjs/testing is not among them', () => {
    const { packages } = closure(entries);
    expect(packages.has('@nestjs/core')).toBe(true);
    expect([...packages].filter((p) => !(p in manifest.dependencies)).sort()).toEqual([]);
    expect('@nestjs/testing' in manifest.dependencies).toBe(false);
    expect('@nestjs/testing' in manifest.devDependencies).toBe(true);
  });
});
