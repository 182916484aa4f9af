// Type-aware ESLint (typescript-eslint) with Prettier owning formatting.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';
import { boundariesWall } from './eslint/boundaries.js';

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
  boundariesWall,
  prettier,
);
