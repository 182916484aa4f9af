import { SWC_OPTIONS } from './scripts/swc-options.mjs';

// Jest runs TypeScript through swc as native ES modules (NestJS 12 is ESM-only),
// so it needs Node 24 and --experimental-vm-modules: see the "test" script.
const swc = ['@swc/jest', SWC_OPTIONS];

export default {
  testEnvironment: 'node',
  rootDir: '.',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/tools', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.local/'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^@payrail/(domain|permits|chains|persistence|platform|tenancy|webhooks|webhook-receiver|reconciliation)$':
      '<rootDir>/libs/$1/src/index.ts',
    '^@payrail/devstack$': '<rootDir>/tools/devstack/src/index.ts',
    '^@payrail/test-support/(.*)\\.js$': '<rootDir>/test/support/$1.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  globalSetup: '<rootDir>/test/setup/global-setup.mjs',
  globalTeardown: '<rootDir>/test/setup/global-teardown.mjs',
  testTimeout: 60000,
  maxWorkers: 2,
  // ESM test files under --experimental-vm-modules keep their module graphs alive in the worker;
  // recycle a worker once its heap passes 1 GB after a file instead of letting it grow to the
  // 4 GB limit (the CI of 2026-11-27 crashed two workers that way and spent minutes in GC).
  workerIdleMemoryLimit: '1GB',
};
