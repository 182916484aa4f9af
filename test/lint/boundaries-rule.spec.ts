// The import boundaries of eslint.config.js (eslint-plugin-boundaries, issue #19), run through ESLint's
// Node API with the repository's own configuration on virtual files: each rule refuses a violating
// import, resolved the way TypeScript resolves it (relative paths and @payrail/* aliases alike), and
// leaves the allowed neighbour of that import alone.
import { join } from 'node:path';
import { repoRoot } from '@payrail/devstack';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

// Type information off: the project service does not know virtual files, and the boundaries rule
// needs only the import paths (which files it covers still comes from eslint.config.js).
const eslint = new ESLint({ cwd: repoRoot(), overrideConfig: tseslint.configs.disableTypeChecked });

/** The boundaries messages for one `import` of `specifier` in a file at `filePath`. */
async function boundaryFindings(filePath: string, specifier: string): Promise<string[]> {
  const code = `import * as probe from '${specifier}';\nexport const used = probe;\n`;
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot(), filePath) });
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

const LIB_MESSAGE = 'A library never imports an app, a tool, test rigging or a bench';
const PURE_IO_MESSAGE = 'libs/domain and libs/permits are pure: no platform, persistence or chains';
const PURE_FRAMEWORK_MESSAGE = 'libs/domain and libs/permits are pure: no NestJS, no TypeORM and no I/O package';
const RIGGING_MESSAGE = 'Source code never imports test rigging';

describe('lint: libraries never import apps, tools, tests or benches', () => {
  it.each([
    ['an app by relative path', 'libs/tenancy/src/use-cases/probe.ts', '../../../../apps/payments-api/src/app.module.js'],
    ['the devstack tool by alias', 'libs/platform/src/probe.ts', '@payrail/devstack'],
    ['a tool by relative path', 'libs/chains/src/probe.ts', '../../../tools/tokenlist/src/build.js'],
    ['test rigging by alias', 'libs/persistence/src/probe.ts', '@payrail/test-support/stack.js'],
    ['a bench', 'libs/domain/src/probe.ts', '../../../bench/autocannon.js'],
  ])(
    'refuses %s',
    async (_what, file, specifier) => {
      const findings = await boundaryFindings(file, specifier);
      expect(findings).toHaveLength(1);
      expect(findings[0]).toContain(LIB_MESSAGE);
    },
    60000,
  );

  it('lets a library import another library, and its own specs use the rigging and the devstack', async () => {
    expect(await boundaryFindings('libs/tenancy/src/probe.ts', '@payrail/persistence')).toEqual([]);
    expect(await boundaryFindings('libs/chains/src/probe.int-spec.ts', '@payrail/test-support/stack.js')).toEqual([]);
    expect(await boundaryFindings('libs/platform/src/probe.int-spec.ts', '@payrail/devstack')).toEqual([]);
  }, 60000);

  it('still refuses an app in a library spec', async () => {
    expect(await boundaryFindings('libs/chains/src/probe.spec.ts', '../../../apps/chain-worker/src/app.module.js')).toEqual([
      expect.stringContaining(LIB_MESSAGE),
    ]);
  }, 60000);
});

describe('lint: libs/domain and libs/permits are pure', () => {
  it.each([
    ['libs/domain/src/probe.ts', '@payrail/platform'],
    ['libs/domain/src/probe.ts', '@payrail/persistence'],
    ['libs/domain/src/probe.ts', '@payrail/chains'],
    ['libs/permits/src/probe.ts', '@payrail/chains'],
    ['libs/permits/src/probe.ts', '../../persistence/src/index.js'],
    ['libs/permits/src/probe.spec.ts', '@payrail/platform'],
  ])(
    'refuses %s importing %s',
    async (file, specifier) => {
      expect(await boundaryFindings(file, specifier)).toEqual([expect.stringContaining(PURE_IO_MESSAGE)]);
    },
    60000,
  );

  it.each([
    ['libs/domain/src/probe.ts', '@nestjs/common'],
    ['libs/domain/src/probe.ts', 'typeorm'],
    ['libs/permits/src/probe.ts', '@nestjs/core'],
    ['libs/permits/src/probe.ts', 'typeorm'],
  ])(
    'refuses %s importing the framework package %s',
    async (file, specifier) => {
      expect(await boundaryFindings(file, specifier)).toEqual([expect.stringContaining(PURE_FRAMEWORK_MESSAGE)]);
    },
    60000,
  );

  it.each([
    ['libs/domain/src/probe.ts', 'pg'],
    ['libs/domain/src/probe.ts', 'ioredis'],
    ['libs/permits/src/probe.ts', 'bullmq'],
    ['libs/permits/src/probe.ts', 'undici'],
  ])(
    'refuses %s importing the I/O package %s',
    async (file, specifier) => {
      expect(await boundaryFindings(file, specifier)).toEqual([expect.stringContaining(PURE_FRAMEWORK_MESSAGE)]);
    },
    60000,
  );

  it('lets permits use the domain (where the address codecs live) and pure packages', async () => {
    expect(await boundaryFindings('libs/permits/src/probe.ts', '@payrail/domain')).toEqual([]);
    expect(await boundaryFindings('libs/permits/src/probe.ts', 'ethers')).toEqual([]);
    expect(await boundaryFindings('libs/domain/src/probe.ts', 'tronweb/utils')).toEqual([]);
  }, 60000);

  it('holds the other libraries to no such rule', async () => {
    expect(await boundaryFindings('libs/tenancy/src/probe.ts', '@nestjs/common')).toEqual([]);
    expect(await boundaryFindings('libs/platform/src/probe.ts', '@payrail/chains')).toEqual([]);
  }, 60000);
});

describe('lint: source code never imports test rigging', () => {
  it.each([
    ['an app use case', 'apps/payments-api/src/payouts/use-cases/probe.ts', '@payrail/test-support/payments-api/payouts-api.js'],
    ['an app module by relative path', 'apps/webhook-worker/src/probe.ts', '../../../test/support/webhook-worker/fixtures.js'],
    ['a tool', 'tools/devstack/src/probe.ts', '@payrail/test-support/stack.js'],
  ])(
    'refuses it in %s',
    async (_what, file, specifier) => {
      expect(await boundaryFindings(file, specifier)).toEqual([expect.stringContaining(RIGGING_MESSAGE)]);
    },
    60000,
  );

  it('lets specs, int-specs and e2e specs use it', async () => {
    expect(
      await boundaryFindings('apps/payments-api/src/payouts/probe.spec.ts', '@payrail/test-support/payments-api/payouts-api.js'),
    ).toEqual([]);
    expect(await boundaryFindings('apps/auth-api/src/auth/probe.int-spec.ts', '@payrail/test-support/auth-api/auth-api.js')).toEqual([]);
    expect(await boundaryFindings('test/e2e/probe.e2e-spec.ts', '@payrail/test-support/stack.js')).toEqual([]);
  }, 60000);
});

const FEATURE_MESSAGE = 'A feature folder imports no other feature folder';

describe('lint: a feature folder imports no other feature folder, only its own and its app kernel', () => {
  it.each([
    [
      'secure payments reaching into payouts',
      'apps/payments-api/src/secure-payments/use-cases/probe.ts',
      '../../payouts/payouts.module.js',
    ],
    [
      'request reaching into payouts (a spec too)',
      'apps/payments-api/src/request/probe.int-spec.ts',
      '../payouts/dto/initiate-payout.dto.js',
    ],
    ['the kernel reaching into a feature', 'apps/payments-api/src/payments/planning/probe.ts', '../../payouts/payouts.module.js'],
    ['recurring reaching into settlement (chain-worker)', 'apps/chain-worker/src/recurring/probe.ts', '../settlement/payment-events.js'],
    ['delivery reaching into fan-out (webhook-worker)', 'apps/webhook-worker/src/delivery/probe.ts', '../fan-out/fan-out-store.js'],
    ['auth reaching into webhooks (auth-api)', 'apps/auth-api/src/auth/probe.ts', '../webhooks/webhooks.module.js'],
    [
      "a feature reaching into another app's kernel",
      'apps/chain-worker/src/recurring/probe.ts',
      '../../../payments-api/src/payments/owner.js',
    ],
  ])(
    'refuses %s',
    async (_what, file, specifier) => {
      expect(await boundaryFindings(file, specifier)).toEqual([expect.stringContaining(FEATURE_MESSAGE)]);
    },
    60000,
  );

  it.each([
    [
      'the payments kernel from secure payments',
      'apps/payments-api/src/secure-payments/use-cases/probe.ts',
      '../../payments/planning/payment-planner.js',
    ],
    ['config (kernel) from payouts', 'apps/payments-api/src/payouts/probe.ts', '../config/payments-api.env.js'],
    ['config from the payments kernel', 'apps/payments-api/src/payments/probe.ts', '../config/payments-api.env.js'],
    ['its own folder', 'apps/payments-api/src/secure-payments/use-cases/probe.ts', '../views/usd-rates.js'],
    ["a worker's shared kernel", 'apps/chain-worker/src/recurring/probe.ts', '../shared/leader-loop.js'],
    ['a library by alias', 'apps/payments-api/src/payouts/probe.ts', '@payrail/persistence'],
  ])(
    'lets a feature import %s',
    async (_what, file, specifier) => {
      expect(await boundaryFindings(file, specifier)).toEqual([]);
    },
    60000,
  );

  it('lets the files directly in src/ (the composition root and its specs) import every feature', async () => {
    expect(await boundaryFindings('apps/payments-api/src/probe.module.ts', './payouts/payouts.module.js')).toEqual([]);
    expect(await boundaryFindings('apps/chain-worker/src/probe.int-spec.ts', './settlement/transfer-settlement.js')).toEqual([]);
  }, 60000);

  it('still refuses a feature, or the kernel, in a library', async () => {
    expect(await boundaryFindings('libs/tenancy/src/probe.ts', '../../../apps/payments-api/src/payouts/payouts.module.js')).toEqual([
      expect.stringContaining(LIB_MESSAGE),
    ]);
    expect(await boundaryFindings('libs/tenancy/src/probe.ts', '../../../apps/payments-api/src/payments/owner.js')).toEqual([
      expect.stringContaining(LIB_MESSAGE),
    ]);
  }, 60000);
});

const SERVER_TO_WEB_MESSAGE = 'Server code never imports browser code';
const WEB_APP_MESSAGE = 'A browser app imports only @payrail/web and npm packages';
const WEB_LIB_MESSAGE = 'libs/web (browser code) imports only npm packages';
const NODE_IN_BROWSER_MESSAGE = 'Browser code cannot use Node built-in modules';

describe('lint: browser apps import only @payrail/web and npm packages; server code never imports them', () => {
  it.each([
    ['a server library by alias', 'apps/payment-page/src/probe.tsx', '@payrail/domain'],
    ['a server app by relative path', 'apps/dashboard/src/screens/probe.tsx', '../../../auth-api/src/app.module.js'],
    ['the other browser app', 'apps/dashboard/src/probe.ts', '../../payment-page/src/api.js'],
    ['test rigging', 'apps/payment-page/src/probe.ts', '@payrail/test-support/stack.js'],
  ])(
    'refuses %s in a browser app',
    async (_what, file, specifier) => {
      expect(await boundaryFindings(file, specifier)).toEqual([expect.stringContaining(WEB_APP_MESSAGE)]);
    },
    60000,
  );

  it('refuses a server library in libs/web', async () => {
    expect(await boundaryFindings('libs/web/src/probe.ts', '@payrail/chains')).toEqual([expect.stringContaining(WEB_LIB_MESSAGE)]);
  }, 60000);

  it('refuses Node built-in modules in browser sources', async () => {
    expect(await boundaryFindings('apps/payment-page/src/probe.tsx', 'node:crypto')).toEqual([
      expect.stringContaining(NODE_IN_BROWSER_MESSAGE),
    ]);
    expect(await boundaryFindings('libs/web/src/probe.ts', 'node:fs')).toEqual([expect.stringContaining(NODE_IN_BROWSER_MESSAGE)]);
  }, 60000);

  it('lets a browser app use @payrail/web, its own files and npm packages, and libs/web use npm packages', async () => {
    expect(await boundaryFindings('apps/payment-page/src/probe.tsx', '@payrail/web')).toEqual([]);
    expect(await boundaryFindings('apps/dashboard/src/screens/probe.tsx', '../messages.js')).toEqual([]);
    expect(await boundaryFindings('apps/payment-page/src/probe.tsx', 'wagmi')).toEqual([]);
    expect(await boundaryFindings('libs/web/src/probe.ts', 'openapi-fetch')).toEqual([]);
  }, 60000);

  it.each([
    ['a server app', 'apps/payments-api/src/probe.ts', '@payrail/web'],
    ['a server library', 'libs/platform/src/probe.ts', '../../web/src/index.js'],
    ['a tool', 'tools/devstack/src/probe.ts', '../../../apps/payment-page/src/api.js'],
  ])(
    'refuses browser code in %s',
    async (_what, file, specifier) => {
      expect(await boundaryFindings(file, specifier)).toEqual([expect.stringContaining(SERVER_TO_WEB_MESSAGE)]);
    },
    60000,
  );
});

const ORDER_MESSAGE = 'Library order:';

describe('lint: the library order (platform, persistence and chains never reach up)', () => {
  it.each([
    ['platform importing tenancy', 'libs/platform/src/probe.ts', '@payrail/tenancy'],
    ['platform importing webhooks by relative path', 'libs/platform/src/outbox/probe.ts', '../../../webhooks/src/index.js'],
    ['persistence importing platform', 'libs/persistence/src/probe.ts', '@payrail/platform'],
    ['persistence importing tenancy', 'libs/persistence/src/tenancy/probe.ts', '@payrail/tenancy'],
    ['persistence importing webhooks', 'libs/persistence/src/webhooks/probe.ts', '@payrail/webhooks'],
    ['persistence importing chains', 'libs/persistence/src/detection/probe.ts', '@payrail/chains'],
    ['chains importing persistence', 'libs/chains/src/probe.ts', '@payrail/persistence'],
    ['chains importing platform by relative path', 'libs/chains/src/rpc/probe.ts', '../../../platform/src/index.js'],
    ['a spec of persistence importing platform', 'libs/persistence/src/probe.int-spec.ts', '@payrail/platform'],
  ])(
    'refuses %s',
    async (_what, file, specifier) => {
      const findings = await boundaryFindings(file, specifier);
      expect(findings).toHaveLength(1);
      expect(findings[0]).toContain(ORDER_MESSAGE);
    },
    60000,
  );

  it('lets each import down the order: platform persistence and chains, tenancy and webhooks platform, persistence the domain', async () => {
    expect(await boundaryFindings('libs/platform/src/probe.ts', '@payrail/persistence')).toEqual([]);
    expect(await boundaryFindings('libs/platform/src/probe.ts', '@payrail/chains')).toEqual([]);
    expect(await boundaryFindings('libs/tenancy/src/probe.ts', '@payrail/platform')).toEqual([]);
    expect(await boundaryFindings('libs/webhooks/src/probe.ts', '@payrail/platform')).toEqual([]);
    expect(await boundaryFindings('libs/persistence/src/probe.ts', '@payrail/domain')).toEqual([]);
    expect(await boundaryFindings('libs/chains/src/probe.ts', '@payrail/domain')).toEqual([]);
  }, 60000);
});

const OTHER_APP_MESSAGE = 'An app never imports another app';

describe('lint: an app never imports another app', () => {
  it.each([
    [
      "an app's root module importing another app's root module",
      'apps/payments-api/src/app.module.ts',
      '../../chain-worker/src/app.module.js',
    ],
    ["a feature importing another app's main.ts", 'apps/webhook-worker/src/delivery/probe.ts', '../../../auth-api/src/main.js'],
    [
      "a root int-spec importing another app's feature",
      'apps/chain-worker/src/probe.int-spec.ts',
      '../../payments-api/src/payouts/payouts.module.js',
    ],
    [
      "a feature spec importing another app's root module",
      'apps/payments-api/src/request/probe.int-spec.ts',
      '../../../chain-worker/src/app.module.js',
    ],
  ])(
    'refuses %s',
    async (_what, file, specifier) => {
      expect(await boundaryFindings(file, specifier)).toEqual([expect.stringContaining(OTHER_APP_MESSAGE)]);
    },
    60000,
  );

  it('lets an app import its own files and a test in test/e2e run two apps', async () => {
    expect(await boundaryFindings('apps/chain-worker/src/app.module.ts', './settlement/transfer-settlement.js')).toEqual([]);
    expect(await boundaryFindings('apps/chain-worker/src/invoices/probe.int-spec.ts', '../app.module.js')).toEqual([]);
    expect(await boundaryFindings('test/e2e/probe.e2e-spec.ts', '../../apps/chain-worker/src/app.module.js')).toEqual([]);
    expect(await boundaryFindings('test/e2e/probe.e2e-spec.ts', '../../apps/payments-api/src/app.module.js')).toEqual([]);
  }, 60000);
});

const TOOLS_MESSAGE = 'App code never imports tools/';

describe('lint: app code never imports tools/', () => {
  it.each([
    ['a use case importing the devstack', 'apps/payments-api/src/payouts/use-cases/probe.ts', '@payrail/devstack'],
    ['a main.ts importing the seed tool', 'apps/payments-api/src/main.ts', '../../../tools/seed/src/index.js'],
    ["a worker's kernel importing the devstack", 'apps/chain-worker/src/shared/probe.ts', '../../../../tools/devstack/src/index.js'],
  ])(
    'refuses %s',
    async (_what, file, specifier) => {
      expect(await boundaryFindings(file, specifier)).toEqual([expect.stringContaining(TOOLS_MESSAGE)]);
    },
    60000,
  );

  it("lets an app's specs use the devstack and the seed", async () => {
    expect(await boundaryFindings('apps/payments-api/src/payouts/probe.int-spec.ts', '@payrail/devstack')).toEqual([]);
    expect(await boundaryFindings('apps/webhook-worker/src/retention/probe.int-spec.ts', '../../../../tools/seed/src/index.js')).toEqual(
      [],
    );
  }, 60000);
});
