// The wall that keeps libs/platform infrastructure (eslint.config.js, issue #31): the metrics it
// registers are the generic families; a feature's metric is the owning app's. Run through ESLint's
// Node API with the repository's own configuration, on virtual files.
import { join } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { repoRoot } from '@payrail/devstack';

// Type information off: the project service does not know virtual files, and the rule is syntactic.
const eslint = new ESLint({ cwd: repoRoot(), overrideConfig: tseslint.configs.disableTypeChecked });

const metric = (name: string) =>
  [
    "import { Counter } from 'prom-client';",
    "import { metricsRegistry } from './registry.js';",
    `export const probe = new Counter({ name: '${name}', help: 'probe', labelNames: ['network'] as const, registers: [metricsRegistry] });`,
    '',
  ].join('\n');

async function findings(code: string, filePath: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot(), filePath) });
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax');
}

describe('lint: libs/platform registers only generic metrics', () => {
  it('refuses a business metric declared in libs/platform, pointing at the owning app', async () => {
    const found = await findings(metric('payrail_settlements_total'), 'libs/platform/src/metrics/probe.ts');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ line: 3, severity: 2 });
    expect(found[0].message).toContain('declare a feature');
  }, 60000);

  it('lets libs/platform declare the generic families, and an app declare its own', async () => {
    for (const name of ['payrail_http_probe_total', 'payrail_rpc_probe_total', 'payrail_queue_probe', 'payrail_outbox_probe_rows'])
      expect(await findings(metric(name), 'libs/platform/src/metrics/probe.ts')).toEqual([]);
    expect(await findings(metric('payrail_settlements_total'), 'apps/chain-worker/src/shared/probe.metrics.ts')).toEqual([]);
  }, 60000);

  it('still refuses raw SQL in libs/platform (the rule keeps the raw-SQL selector)', async () => {
    const code = "import type { DataSource } from 'typeorm';\nexport const probe = (db: DataSource) => db.query('SELECT 1');\n";
    const found = await findings(code, 'libs/platform/src/health/probe.ts');
    expect(found.map((m) => m.message)).toEqual([expect.stringContaining('sqlRows / sqlOne / sqlExecute')]);
  }, 60000);
});
