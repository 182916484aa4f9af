import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * One Vite config for both browser apps: sources in apps/<app>, output in dist/web/<app>,
 * `@payrail/web` resolved to libs/web/src. JSX is compiled by Vite's own oxc transform
 * (automatic runtime); no framework plugin is needed for a production build.
 */
export function webAppConfig(app: 'payment-page' | 'dashboard'): UserConfig {
  return defineConfig({
    root: `${root}apps/${app}`,
    base: '/',
    // apps/<app>/public (e.g. the payment page's default logo) is copied as is.
    logLevel: 'warn',
    resolve: { alias: { '@payrail/web': `${root}libs/web/src/index.ts` } },
    build: {
      outDir: `${root}dist/web/${app}`,
      emptyOutDir: true,
      sourcemap: true,
      target: 'es2022',
      reportCompressedSize: false,
      rollupOptions: {
        // wagmi marks its hooks 'use client' (for React Server Components); meaningless in a bundle.
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
      },
    },
  });
}
