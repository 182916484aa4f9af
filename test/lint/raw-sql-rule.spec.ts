// The lint rule that keeps raw SQL on the typed helpers (eslint.config.js, issue #16): run through
// ESLint's Node API with the repository's own configuration, on virtual files in feature folders.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { repoRoot } from '@payrail/devstack';

// The repository's configuration, with type information switched off: TypeScript's project service
// does not know virtual files, and the rule under test is purely syntactic (which files it covers
// still comes from eslint.config.js).
const eslint = new ESLint({ cwd: repoRoot(), overrideConfig: tseslint.configs.disableTypeChecked });

/** The messages of the raw-SQL rule for `code` linted as if it lived at `filePath`. */
async function rawSqlFindings(code: string, filePath: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot(), filePath) });
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax');
}

const FEATURE_FILE = 'apps/payments-api/src/payer/use-cases/raw-sql-probe.ts';

describe('lint: raw SQL only through sqlRows / sqlOne / sqlExecute', () => {
  it('refuses a direct EntityManager.query() in a feature use case, pointing at the typed helpers', async () => {
    const code = [
      "import type { EntityManager } from 'typeorm';",
      'export async function expire(m: EntityManager): Promise<number> {',
      "  const rows: unknown[] = await m.query(`UPDATE requests SET status = 'expired' RETURNING id`);",
      '  return rows.length;',
      '}',
      '',
    ].join('\n');
    const findings = await rawSqlFindings(code, FEATURE_FILE);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ line: 3, severity: 2 });
    expect(findings[0].message).toContain('sqlRows / sqlOne / sqlExecute');
  }, 60000);

  it('refuses DataSource.query<T>(), QueryRunner.query(), an optional call and a bare pg client alike', async () => {
    const code = [
      "import type { DataSource, QueryRunner } from 'typeorm';",
      "import type pg from 'pg';",
      'export async function probe(db: DataSource, runner: QueryRunner, maybe: DataSource | undefined, client: pg.Client): Promise<void> {',
      "  await db.query<{ n: number }[]>('SELECT 1 AS n');",
      "  await runner.query('DELETE FROM requests');",
      "  await maybe?.query('SELECT 1');",
      "  await client.query('SELECT 1');",
      '}',
      '',
    ].join('\n');
    expect((await rawSqlFindings(code, FEATURE_FILE)).map((m) => m.line)).toEqual([4, 5, 6, 7]);
  }, 60000);

  it('leaves the typed helpers and property reads named query (an HTTP query string) alone', async () => {
    const code = [
      "import { sqlExecute, sqlRows } from '@payrail/persistence';",
      "import type { EntityManager } from 'typeorm';",
      'export async function probe(m: EntityManager, req: { query: Record<string, string> }): Promise<number> {',
      '  const { query } = req;',
      "  const rows = await sqlRows<{ id: string }>(m, 'SELECT id FROM requests WHERE id = $1', [req.query.id ?? query.id]);",
      "  return rows.length + (await sqlExecute(m, 'DELETE FROM requests WHERE id = $1', [rows[0]?.id]));",
      '}',
      '',
    ].join('\n');
    expect(await rawSqlFindings(code, FEATURE_FILE)).toEqual([]);
  }, 60000);

  it("passes the helper's own file, which calls QueryRunner.query() by design", async () => {
    const path = 'libs/persistence/src/sql/typed-query.ts';
    const source = readFileSync(join(repoRoot(), path), 'utf8');
    expect(source).toMatch(/runner\.query\(/);
    expect(await rawSqlFindings(source, path)).toEqual([]);
  }, 60000);

  it('exempts migrations, which run DDL through the QueryRunner TypeORM hands them', async () => {
    const code = [
      "import type { MigrationInterface, QueryRunner } from 'typeorm';",
      'export class Probe1999999999999 implements MigrationInterface {',
      "  async up(q: QueryRunner): Promise<void> { await q.query('CREATE TABLE probe (id int)'); }",
      "  async down(q: QueryRunner): Promise<void> { await q.query('DROP TABLE probe'); }",
      '}',
      '',
    ].join('\n');
    expect(await rawSqlFindings(code, 'libs/persistence/src/migrations/1999999999999-probe.ts')).toEqual([]);
    // The same code anywhere else is refused.
    expect(await rawSqlFindings(code, 'libs/persistence/src/webhooks/probe.ts')).toHaveLength(2);
  }, 60000);
});

/** The messages of the SQL-in-repositories rule (no-restricted-imports) for `code` at `filePath`. */
async function sqlHelperFindings(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot(), filePath) });
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const HELPERS_BY_ALIAS = [
  "import { sqlExecute, sqlOne, sqlRows } from '@payrail/persistence';",
  'export const helpers = [sqlExecute, sqlOne, sqlRows];',
  '',
].join('\n');
const REPOSITORY_MESSAGE = 'SQL lives in repositories';

describe('lint: the typed SQL helpers only in libs/persistence, the outbox relay and tests', () => {
  it.each([
    ['an app use case', 'apps/payments-api/src/payer/use-cases/probe.ts'],
    ["a worker's kernel", 'apps/chain-worker/src/shared/probe.ts'],
    ["an app's root file", 'apps/webhook-worker/src/probe.ts'],
    ['libs/platform outside the outbox relay', 'libs/platform/src/health/probe.ts'],
    ['another library', 'libs/tenancy/src/probe.ts'],
  ])(
    'refuses them in %s, one finding per helper',
    async (_what, file) => {
      const findings = await sqlHelperFindings(HELPERS_BY_ALIAS, file);
      expect(findings).toHaveLength(3);
      for (const message of findings) expect(message).toContain(REPOSITORY_MESSAGE);
    },
    60000,
  );

  it('refuses them by relative path and through a namespace import too', async () => {
    const relative = "import { sqlOne } from '../../persistence/src/sql/typed-query.js';\nexport const one = sqlOne;\n";
    expect(await sqlHelperFindings(relative, 'libs/webhooks/src/probe.ts')).toEqual([expect.stringContaining(REPOSITORY_MESSAGE)]);
    const namespace = "import * as persistence from '@payrail/persistence';\nexport const p = persistence;\n";
    expect(await sqlHelperFindings(namespace, 'apps/auth-api/src/auth/probe.ts')).toHaveLength(1);
  }, 60000);

  it('leaves repositories, the outbox relay, specs, test rigging, tools and benches alone, and other persistence imports everywhere', async () => {
    for (const file of [
      'libs/persistence/src/payers/probe.repository.ts',
      'libs/platform/src/outbox/outbox-relay.ts',
      'apps/chain-worker/src/settlement/probe.int-spec.ts',
      'test/support/probe.ts',
      'tools/seed/src/probe.ts',
      'bench/probe.ts',
    ])
      expect(await sqlHelperFindings(HELPERS_BY_ALIAS, file)).toEqual([]);
    const repository = "import { PayersRepository } from '@payrail/persistence';\nexport const r = PayersRepository;\n";
    expect(await sqlHelperFindings(repository, 'apps/payments-api/src/payer/use-cases/probe.ts')).toEqual([]);
  }, 60000);
});
