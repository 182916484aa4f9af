// The static half of the expand/contract rule (docs/operations.md, Migrations: expand and
// contract): no migration above the baseline removes or reshapes, in its `up`, what the previous
// release still uses, unless it is a marked contract step whose named commit already shipped. The
// running half is test/e2e/expand-contract.e2e-spec.ts (the previous release's apps on the new schema).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '@payrail/devstack';
import { git, requireFullHistory } from '@payrail/test-support/migrations/git-history.js';
import {
  classTimestamp,
  EXPAND_CONTRACT_BASELINE,
  headMigrations,
  migrationFiles,
  previousRelease,
  ruledMigrations,
  schemaFor,
  type MigrationFile,
} from '@payrail/test-support/migrations/migration-files.js';
import { contractOperations, ruleViolations, upSql } from '@payrail/test-support/migrations/migration-rules.js';

const files = migrationFiles();
const migration = (up: string, down = '', marker = ''): string =>
  [
    "import type { MigrationInterface, QueryRunner } from 'typeorm';",
    marker,
    'export class Probe9000000000001 implements MigrationInterface {',
    '  async up(q: QueryRunner): Promise<void> {',
    `    ${up}`,
    '  }',
    '  async down(q: QueryRunner): Promise<void> {',
    `    ${down}`,
    '  }',
    '}',
  ].join('\n');

describe('lint: migrations follow expand/contract', () => {
  beforeAll(() => requireFullHistory());

  it('every migration above the baseline is an expand, or a contract step whose named commit shipped in its previous release', () => {
    expect(EXPAND_CONTRACT_BASELINE).toBe(1763886600000);
    const violations = ruledMigrations(files).flatMap((m) => ruleViolations(m.path, m.source, previousRelease(m.path).commit));
    expect(violations).toEqual([]);
  });

  it('fails, never skips, without the full history: a shallow clone, and a copy without .git', () => {
    const dir = mkdtempSync(join(tmpdir(), 'payrail-history-'));
    try {
      const shallow = join(dir, 'shallow');
      git(['clone', '--quiet', '--depth', '1', '--no-checkout', `file://${repoRoot()}`, shallow], dir);
      expect(() => requireFullHistory(shallow)).toThrow(/^This is a shallow clone: .*git fetch --unshallow.*fetch-depth: 0/);
      const copy = join(dir, 'copy');
      mkdirSync(copy);
      writeFileSync(join(copy, '.git'), 'gitdir: /nonexistent\n'); // a stray .git file stops git's search above
      expect(() => requireFullHistory(copy)).toThrow(
        /^The migration checks need this repository's git history .* Run the tests from a git clone/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('every migration file runs: the data source registers each one, in timestamp order', () => {
    const registered = headMigrations().map(classTimestamp);
    expect(registered).toEqual([...registered].sort((a, b) => a - b));
    expect(new Set(registered)).toEqual(new Set(files.map((m) => m.timestamp)));
  });

  it('finds each contract operation in `up`, whatever the case, spacing or optional keywords', () => {
    const cases: [string, string[]][] = [
      ['ALTER TABLE requests DROP COLUMN payee', ['DROP COLUMN']],
      ['alter table if exists only requests drop payee, drop constraint requests_payee_check', ['DROP COLUMN']],
      ['ALTER TABLE requests RENAME COLUMN payee TO payee_address', ['RENAME COLUMN']],
      ['ALTER TABLE requests RENAME payee TO payee_address', ['RENAME COLUMN']],
      ['ALTER TABLE requests RENAME TO payment_requests', ['RENAME TABLE']],
      ['DROP TABLE IF EXISTS link_intents', ['DROP TABLE']],
      ['ALTER TABLE requests ALTER COLUMN fee_percentage TYPE numeric USING fee_percentage::numeric', ['ALTER COLUMN TYPE']],
      ['ALTER TABLE requests ALTER fee_percentage SET DATA TYPE numeric', ['ALTER COLUMN TYPE']],
      ['ALTER TABLE requests ALTER COLUMN payer SET NOT NULL', ['SET NOT NULL']],
      [
        'ALTER TABLE requests ALTER COLUMN status DROP DEFAULT, ADD COLUMN note text NOT NULL',
        ['DROP DEFAULT', 'ADD COLUMN NOT NULL without DEFAULT'],
      ],
      ['ALTER TABLE requests ADD COLUMN amount numeric(78, 0) NOT NULL', ['ADD COLUMN NOT NULL without DEFAULT']],
      // The expands: nullable or defaulted columns, constraints by name, indexes, new tables.
      ["ALTER TABLE requests ADD COLUMN IF NOT EXISTS kind text NOT NULL DEFAULT 'payout' CHECK (kind IN ('payout', 'invoice'))", []],
      ['ALTER TABLE requests ADD COLUMN note text, ADD CONSTRAINT note_length CHECK (length(note) < 100)', []],
      ['ALTER TABLE requests DROP CONSTRAINT note_length; ALTER TABLE requests RENAME CONSTRAINT a TO b', []],
      ['ALTER TABLE requests ALTER COLUMN payer DROP NOT NULL, ALTER COLUMN status SET DEFAULT $1', []],
      ['DROP INDEX CONCURRENTLY IF EXISTS requests_next_period; CREATE TABLE t (id text NOT NULL)', []],
      ['-- ALTER TABLE requests DROP COLUMN payee\nSELECT 1', []],
    ];
    for (const [sql, operations] of cases) expect([sql, contractOperations(sql).map((f) => f.split(':')[0])]).toEqual([sql, operations]);
  });

  it('reads only `up`: the DDL of `down` (which undoes an expand) is not a contract step', () => {
    const source = migration(
      'await q.query(`ALTER TABLE link_intents ADD COLUMN ${column} text`);',
      "await q.query('ALTER TABLE link_intents DROP COLUMN expected_client_id');",
    );
    expect(upSql(source)).toEqual(['ALTER TABLE link_intents ADD COLUMN $x text']);
    expect(ruleViolations('probe.ts', source, git(['rev-parse', 'HEAD']))).toEqual([]);
  });

  it('passes every migration up to the baseline: the expands the project shipped before the rule', () => {
    const flagged = files.filter((m) => m.timestamp <= EXPAND_CONTRACT_BASELINE && upSql(m.source).flatMap(contractOperations).length > 0);
    expect(flagged.map((m) => m.path)).toEqual([]);
  });

  it('refuses the test-only rename fixture the e2e check fails on, pointing at the contract marker', () => {
    const path = 'test/support/migrations/fixtures/9000000000000-contract-rename-expected-client.ts';
    const violations = ruleViolations(path, readFileSync(join(repoRoot(), path), 'utf8'), git(['rev-parse', 'HEAD']));
    expect(violations).toHaveLength(1);
    expect(violations[0]).toContain(
      'RENAME COLUMN: ALTER TABLE link_intents RENAME COLUMN expected_client_id TO bound_client_id breaks the previous release',
    );
    expect(violations[0]).toContain('// contract: <commit where the code stopped using it>');
  });

  it('accepts a contract step only when the commit it names shipped in its previous release', () => {
    const drop = "await q.query('ALTER TABLE requests DROP COLUMN fee_percentage');";
    const head = git(['rev-parse', 'HEAD']);
    const earlier = git(['rev-parse', 'HEAD~3']);
    const root = git(['rev-list', '--max-parents=0', 'HEAD']).split('\n')[0];
    const marked = (revision: string) => migration(drop, '', `// contract: ${revision} the code stopped reading fee_percentage`);
    expect(ruleViolations('probe.ts', marked(earlier), head)).toEqual([]);
    expect(ruleViolations('probe.ts', marked(earlier.slice(0, 12)), head)).toEqual([]);
    expect(ruleViolations('probe.ts', marked(head), root)).toEqual([
      `probe.ts: "// contract: ${head}" names a commit that is not in the previous release (${root.slice(0, 12)}): ` +
        'the code that stopped using what this migration removes must have shipped first',
    ]);
    expect(ruleViolations('probe.ts', marked('0000000000000000000000000000000000000bad'), head)).toEqual([
      'probe.ts: "// contract: 0000000000000000000000000000000000000bad" names no commit of this repository',
    ]);
    expect(ruleViolations('probe.ts', migration(drop), head)).toHaveLength(1);
  });

  it("checks an older migration's previous release without the contract steps that came after it (they retire older code)", () => {
    const file = (timestamp: number, contract: string | null): MigrationFile => ({
      path: `${timestamp}.ts`,
      timestamp,
      source: '',
      contract,
    });
    const all = [{ name: 'A1000000000001' }, { name: 'B1000000000002' }, { name: 'C1000000000003' }, { name: 'D1000000000004' }];
    const listed = [file(1000000000001, 'abc123'), file(1000000000002, null), file(1000000000003, 'def456'), file(1000000000004, null)];
    // The previous release of B ran before C dropped what it still used: C is left out of its schema, A (older) is kept.
    expect(schemaFor(all, [listed[1]], listed).map((m) => m.name)).toEqual(['A1000000000001', 'B1000000000002', 'D1000000000004']);
    // C's own check (and D's) runs on everything.
    expect(schemaFor(all, [listed[2]], listed)).toEqual(all);
    expect(schemaFor(all, [listed[3]], listed)).toEqual(all);
  });
});
