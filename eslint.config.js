// Type-aware ESLint (typescript-eslint) with Prettier owning formatting.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

/** The element types of code inside apps/ (boundaries/elements below). */
const APP_PARTS = ['app', 'feature', 'kernel'];

/** npm packages that do I/O (or the framework around it): libs/domain and libs/permits import none. */
const IO_PACKAGES = ['@nestjs/*', 'typeorm', 'pg', 'pg-*', 'ioredis', 'bullmq', 'undici'];

/**
 * The typed SQL helpers. SQL lives in repositories: in libs/persistence, plus the outbox relay
 * (libs/platform/src/outbox/outbox-relay.ts), whose claim-and-publish loop is the outbox itself.
 * Specs may use them (they seed and read rows as test rigging), as may test/support, tools/ and bench/.
 */
const SQL_HELPERS = ['sqlRows', 'sqlOne', 'sqlExecute'];
const SQL_HELPERS_MESSAGE =
  'SQL lives in repositories: put the statement in a repository of libs/persistence (same SQL) and call that; ' +
  'sqlRows / sqlOne / sqlExecute are for libs/persistence, the outbox relay and tests.';

/**
 * Raw SQL runs only through sqlRows / sqlOne / sqlExecute (libs/persistence/src/sql/typed-query.ts).
 * TypeORM's query() answers rows for SELECT and INSERT but a [rows, rowCount] tuple for UPDATE and
 * DELETE; reading that tuple as rows once left reorged payments `paid`. So any `<x>.query(...)` call
 * (TypeORM DataSource, EntityManager, QueryRunner, or a bare pg client) is refused. `req.query` and
 * other property reads are not calls and are not matched.
 */
const RAW_SQL_SELECTOR = "CallExpression[callee.type='MemberExpression'][callee.computed=false][callee.property.name='query']";
const RAW_SQL_MESSAGE =
  "Raw SQL goes through sqlRows / sqlOne / sqlExecute from '@payrail/persistence', which answer rows (or a row count) for every command; " +
  'a direct .query() answers [rows, rowCount] for UPDATE and DELETE.';

/**
 * libs/platform is infrastructure: the metrics it registers are the generic families (HTTP, the
 * outbound JSON-RPC calls, queues, the outbox; Node's defaults come from the registry). A metric
 * named after a feature (detection, settlement, recurring runs, webhook deliveries, ...) is declared
 * by the app that owns the feature, in a metrics provider beside the code that counts.
 */
const PLATFORM_METRIC_SELECTOR = "Property[key.name='name'][value.type='Literal'][value.value=/^payrail_(?!(http|rpc|queue|outbox)_)/]";
const PLATFORM_METRIC_MESSAGE =
  'libs/platform registers only generic metrics (payrail_http_*, payrail_rpc_*, payrail_queue_*, payrail_outbox_*): ' +
  "declare a feature's metric in the app that owns it (e.g. apps/chain-worker/src/detection/detection.metrics.ts) and inject its provider.";

export default tseslint.config(
  {
    // Build output, dependencies, local state and generated files: nothing of ours to lint.
    ignores: [
      'dist/**',
      'bench/dist/**',
      'node_modules/**',
      '.local/**',
      'contracts/build/**',
      'coverage/**',
      'openapi/**',
      'test-output/**',
      'libs/web/src/api/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Nest resolves constructor parameters by their runtime type: those imports must stay values.
    files: ['apps/**/*.ts', 'libs/platform/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/*.test.ts', '**/*.test.tsx', 'test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // Tests read parsed YAML/JSON as `unknown` and print it on purpose.
      '@typescript-eslint/no-base-to-string': 'off',
      // Jest's asymmetric matchers (expect.any, expect.stringMatching) are typed `any`.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    // Vite and Vitest configs run in Node at build time; the browser tsconfigs (DOM, no Node types) do not cover them.
    files: ['apps/*/vite.config.ts', 'libs/web/vite.shared.ts', 'vitest.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      parserOptions: { projectService: false, project: null },
      globals: {
        process: 'readonly',
        console: 'readonly',
        globalThis: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        URL: 'readonly',
      },
    },
  },
  {
    name: 'payrail/raw-sql-through-typed-helpers',
    files: ['**/*.ts', '**/*.mjs', '**/*.js'],
    ignores: [
      // The helpers themselves (and their test, which shows TypeORM's own tuple answer).
      'libs/persistence/src/sql/**',
      // Migrations run DDL through the QueryRunner TypeORM hands them and read no rows back; they are
      // frozen once shipped, so they must not depend on app helpers that may change later.
      'libs/persistence/src/migrations/**',
    ],
    rules: { 'no-restricted-syntax': ['error', { selector: RAW_SQL_SELECTOR, message: RAW_SQL_MESSAGE }] },
  },
  {
    name: 'payrail/platform-is-infrastructure',
    files: ['libs/platform/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts'],
    rules: {
      // Repeats the raw-SQL selector: a later no-restricted-syntax setting replaces an earlier one.
      'no-restricted-syntax': [
        'error',
        { selector: RAW_SQL_SELECTOR, message: RAW_SQL_MESSAGE },
        { selector: PLATFORM_METRIC_SELECTOR, message: PLATFORM_METRIC_MESSAGE },
      ],
    },
  },
  {
    name: 'payrail/sql-in-repositories',
    files: ['apps/**/*.ts', 'libs/**/*.ts'],
    ignores: ['libs/persistence/**', 'libs/platform/src/outbox/outbox-relay.ts', '**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@payrail/persistence', importNames: SQL_HELPERS, message: SQL_HELPERS_MESSAGE }],
          patterns: [{ group: ['**/persistence/src/**'], importNames: SQL_HELPERS, message: SQL_HELPERS_MESSAGE }],
        },
      ],
    },
  },
  {
    // The walls between rooms (STYLE.md, issue #19), checked on resolved imports: relative paths and
    // @payrail/* aliases alike. Inside an app, each folder under src/ is a feature, except the
    // kernel folders (payments/ in payments-api, shared/ in the workers, config/ everywhere): a
    // feature imports its own folder, its app's kernel and libraries, never another feature.
    // Files directly in src/ (app.module.ts, main.ts, cross-feature int-specs) compose the features.
    name: 'payrail/boundaries',
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/elements': [
        // Browser code first (the first matching element wins): it is not an `app` or a `lib`.
        { type: 'web-app', pattern: 'apps/{payment-page,dashboard}', capture: ['app'] },
        { type: 'web-lib', pattern: 'libs/web' },
        { type: 'kernel', pattern: 'apps/*/src/{payments,shared,config}', capture: ['app', 'kernel'] },
        { type: 'feature', pattern: 'apps/*/src/*', capture: ['app', 'feature'] },
        { type: 'app', pattern: 'apps/*', capture: ['app'] },
        { type: 'lib', pattern: 'libs/*', capture: ['lib'] },
        { type: 'tool', pattern: 'tools/*', capture: ['tool'] },
        { type: 'test', pattern: 'test' },
        { type: 'bench', pattern: 'bench' },
      ],
      'boundaries/files': [{ category: 'spec', pattern: '**/*.{spec,int-spec,e2e-spec}.ts' }],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          checkAllOrigins: true, // npm packages too: domain and permits take no Nest or TypeORM
          policies: [
            {
              from: { element: { type: 'lib' } },
              disallow: { to: { element: { types: { anyOf: [...APP_PARTS, 'tool', 'test', 'bench', 'web-app'] } } } },
              message: 'A library never imports an app, a tool, test rigging or a bench: move the shared code into a library.',
            },
            {
              // A library's own specs may use the test rigging and the devstack.
              from: { element: { type: 'lib' }, file: { categories: 'spec' } },
              allow: { to: { element: { types: { anyOf: ['tool', 'test'] } } } },
            },
            {
              from: { element: { type: 'lib', captured: { lib: '{domain,permits}' } } },
              disallow: { to: { element: { type: 'lib', captured: { lib: '{platform,persistence,chains}' } } } },
              message: 'libs/domain and libs/permits are pure: no platform, persistence or chains (I/O) imports.',
            },
            {
              from: { element: { type: 'lib', captured: { lib: '{domain,permits}' } } },
              disallow: { to: { module: { origin: 'external', source: IO_PACKAGES } } },
              message: 'libs/domain and libs/permits are pure: no NestJS, no TypeORM and no I/O package (pg, ioredis, bullmq, undici).',
            },
            // The library order (docs/architecture.md, "Walls"): infrastructure never reaches up into
            // the business libraries that build on it, and persistence and chains stay siblings.
            {
              from: { element: { type: 'lib', captured: { lib: 'platform' } } },
              disallow: { to: { element: { type: 'lib', captured: { lib: '{tenancy,webhooks}' } } } },
              message: 'Library order: libs/platform is infrastructure and never imports libs/tenancy or libs/webhooks.',
            },
            {
              from: { element: { type: 'lib', captured: { lib: 'persistence' } } },
              disallow: { to: { element: { type: 'lib', captured: { lib: '{platform,tenancy,webhooks,chains}' } } } },
              message:
                'Library order: libs/persistence never imports libs/platform, libs/tenancy, libs/webhooks or libs/chains (shared shapes live in libs/domain).',
            },
            {
              from: { element: { type: 'lib', captured: { lib: 'chains' } } },
              disallow: { to: { element: { type: 'lib', captured: { lib: '{persistence,platform}' } } } },
              message: 'Library order: libs/chains never imports libs/persistence or libs/platform.',
            },
            {
              // A receiver package for platforms' own servers: Node built-ins only.
              from: { element: { type: 'lib', captured: { lib: 'webhook-receiver' } } },
              disallow: { to: [{ element: { type: 'lib', captured: { lib: '!webhook-receiver' } } }, { module: { origin: 'external' } }] },
              message: 'libs/webhook-receiver is standalone: Node built-ins only, no other library and no npm package.',
            },
            {
              // Its specs check it against the real worker and the published standardwebhooks package.
              from: { element: { type: 'lib', captured: { lib: 'webhook-receiver' } }, file: { categories: 'spec' } },
              allow: { to: [{ element: { types: { anyOf: ['lib', 'tool', 'test'] } } }, { module: { origin: 'external' } }] },
            },
            {
              from: { element: { types: { anyOf: [...APP_PARTS, 'tool'] } } },
              disallow: { to: { element: { type: 'test' } } },
              message: 'Source code never imports test rigging (test/support); only specs do.',
            },
            {
              from: { element: { types: { anyOf: [...APP_PARTS, 'tool'] } }, file: { categories: 'spec' } },
              allow: { to: { element: { type: 'test' } } },
            },
            {
              from: { element: { types: { anyOf: APP_PARTS } } },
              disallow: { to: { element: { type: 'tool' } } },
              message:
                'App code never imports tools/ (the devstack, the seed): they are development and test rigging; only specs use them.',
            },
            {
              from: { element: { types: { anyOf: APP_PARTS } }, file: { categories: 'spec' } },
              allow: { to: { element: { type: 'tool' } } },
            },
            {
              // Placed before the feature rules, so a feature reaching into another app's feature or kernel keeps the feature message.
              from: { element: { types: { anyOf: APP_PARTS } } },
              disallow: { to: { element: { types: { anyOf: APP_PARTS }, captured: { app: '!{{ from.element.captured.app }}' } } } },
              message:
                'An app never imports another app, its root files (app.module.ts, main.ts) included: move what two apps share into a library; ' +
                'a test running two apps together lives in test/e2e.',
            },
            {
              from: { element: { types: { anyOf: ['feature', 'kernel'] } } },
              disallow: { to: { element: { types: { anyOf: ['feature', 'kernel'] } } } },
              message:
                "A feature folder imports no other feature folder, only its own and its app's kernel (payments/ in payments-api, shared/ in the workers, config/); " +
                'the kernel imports no feature: move what two features share into the kernel.',
            },
            {
              // Its own folder, and its app's kernel.
              from: { element: { type: 'feature' } },
              allow: {
                to: {
                  element: {
                    type: 'feature',
                    captured: { app: '{{ from.element.captured.app }}', feature: '{{ from.element.captured.feature }}' },
                  },
                },
              },
            },
            {
              from: { element: { types: { anyOf: ['feature', 'kernel'] } } },
              allow: { to: { element: { type: 'kernel', captured: { app: '{{ from.element.captured.app }}' } } } },
            },
            {
              from: { element: { types: { anyOf: [...APP_PARTS, 'lib', 'tool'] } } },
              disallow: { to: { element: { types: { anyOf: ['web-app', 'web-lib'] } } } },
              message: 'Server code never imports browser code (apps/payment-page, apps/dashboard, libs/web).',
            },
            {
              from: { element: { type: 'web-app' } },
              disallow: { to: { element: { types: { anyOf: [...APP_PARTS, 'lib', 'tool', 'test', 'bench', 'web-app'] } } } },
              message: 'A browser app imports only @payrail/web and npm packages (its own files aside).',
            },
            {
              from: { element: { type: 'web-lib' } },
              disallow: { to: { element: { types: { anyOf: [...APP_PARTS, 'lib', 'tool', 'test', 'bench', 'web-app'] } } } },
              message: 'libs/web (browser code) imports only npm packages: no server library, app, tool or test rigging.',
            },
            {
              from: { element: { types: { anyOf: ['web-app', 'web-lib'] } }, file: { path: '**/src/**' } },
              disallow: { to: { module: { origin: 'core' } } },
              message: 'Browser code cannot use Node built-in modules.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
