// The browser apps (docs/architecture.md, "Browser apps"): generates the API types from the committed
// OpenAPI documents, type-checks libs/web and both apps (Vite only strips types), and builds each app
// with Vite into dist/web/<app>. Run by scripts/build.mjs (`--types-ready`: the types are generated
// already and are being read meanwhile, so they are not written again); `--no-typecheck` skips tsc (quick rebuilds);
// `--types-only` only generates the API types (`npm run lint` does, so lint works on a clean clone).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { bin, root, run } from './run.mjs';

export const WEB_APPS = ['payment-page', 'dashboard'];

/** The API types, generated from the committed OpenAPI documents (gitignored; lint and build need them). */
export async function generateApiTypes() {
  const generated = join(root, 'libs', 'web', 'src', 'api', 'generated');
  mkdirSync(generated, { recursive: true });
  await Promise.all(
    ['payments-api', 'auth-api'].map((api) =>
      run(bin('openapi-typescript'), [join('openapi', `${api}.json`), '-o', join(generated, `${api}.ts`), '--silent']),
    ),
  );
}

export async function buildWeb({ typecheck = true, types = true } = {}) {
  if (types) await generateApiTypes();
  // The type-check (its own process) and the two Vite builds (this one) run side by side.
  const checked = typecheck ? run(bin('tsc'), ['-p', 'tsconfig.web.json']) : Promise.resolve();
  try {
    for (const app of WEB_APPS) await build({ configFile: join(root, 'apps', app, 'vite.config.ts') });
  } finally {
    await checked;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--types-only')) await generateApiTypes();
else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildWeb({ typecheck: !process.argv.includes('--no-typecheck') });
}
