import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const web = { '@payrail/web': `${root}libs/web/src/index.ts` };

// Unit tests of the browser code (libs/web and both apps): pure functions, hooks and components
// under happy-dom with Testing Library, run by `npm test` (scripts/test.mjs) before Jest. Files are
// `*.test.ts(x)` beside what they test; Jest's `*.spec.ts` stays the server side's.
export default defineConfig({
  resolve: { alias: web },
  test: {
    projects: ['libs/web', 'apps/payment-page', 'apps/dashboard'].map((dir) => ({
      resolve: { alias: web },
      test: {
        name: dir.split('/')[1],
        root: `${root}${dir}`,
        include: ['src/**/*.test.{ts,tsx}'],
        environment: 'happy-dom',
        // One happy-dom and one module graph per worker instead of per file: 8 s of CPU for the
        // whole run instead of 38 s. Tests clean up after themselves (Testing Library's cleanup,
        // no module-level mocks), so sharing them changes no result.
        isolate: false,
      },
    })),
  },
});
