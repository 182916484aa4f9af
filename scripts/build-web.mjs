// The browser apps (docs/architecture.md, "Browser apps"): generates the API types from the committed
// OpenAPI documents, type-checks libs/web and both apps (Vite only strips types), and builds each app
// with Vite into dist/web/<app>. Run by scripts/build.mjs; `--no-typecheck` skips tsc (quick rebuilds);
// `--types-only` only generates the API types (`npm run lint` does, so lint works on a clean clone).
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
export const WEB_APPS = ['payment-page', 'dashboard'];

/** The API types, generated from the committed OpenAPI documents (gitignored; lint and build need them). */
export function generateApiTypes() {
  const generated = join(root, 'libs', 'web', 'src', 'api', 'generated');
  mkdirSync(generated, { recursive: true });
  for (const api of ['payments-api', 'auth-api']) {
    run(bin('openapi-typescript'), [join('openapi', `${api}.json`), '-o', join(generated, `${api}.ts`), '--silent']);
  }
}

export async function buildWeb({ typecheck = true } = {}) {
  generateApiTypes();
  if (typecheck) run(bin('tsc'), ['-p', 'tsconfig.web.json']);
  for (const app of WEB_APPS) await build({ configFile: join(root, 'apps', app, 'vite.config.ts') });
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--types-only')) generateApiTypes();
else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildWeb({ typecheck: !process.argv.includes('--no-typecheck') });
}
