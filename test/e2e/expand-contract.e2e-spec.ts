import { basename } from 'node:path';
import { checkRelease, type CheckResult } from '@payrail/test-support/migrations/expand-contract-check.js';
import {
  DEPLOYED_RELEASE_MIGRATION,
  headMigrations,
  migrationFiles,
  previousRelease,
  schemaFor,
  unreleasedMigrations,
  type MigrationFile,
} from '@payrail/test-support/migrations/migration-files.js';
import { buildRelease, type PreviousRelease } from '@payrail/test-support/migrations/previous-release.js';
import { SmokeStepFailed } from '@payrail/test-support/migrations/release-smoke.js';
import { git, requireFullHistory } from '@payrail/test-support/migrations/git-history.js';
import { ContractRenameExpectedClient9000000000000 } from '@payrail/test-support/migrations/fixtures/9000000000000-contract-rename-expected-client.js';

// Expand/contract (docs/operations.md): during a rolling upgrade the previous release keeps serving
// on the schema the new release migrated. For every migration newer than the deployed release's
// newest (DEPLOYED_RELEASE_MIGRATION), the mainline code before the merge that brought it (built
// from git) runs its four apps against a database migrated by HEAD and must pass the release smoke
// over real HTTP and the local chain. The deployed release's newest migration is checked the same
// way, which proves the machinery, and a throwaway contract migration applied on top must make the
// same check of HEAD's code fail.

const files = migrationFiles();
const ALL_STEPS = [
  'platform webhook endpoint',
  'payout',
  'payout status',
  'settlement by chain-worker',
  'payment.confirmed delivered by webhook-worker',
  'invoice',
  'invoice status',
  'secure payment',
  'secure payment page',
  'requests list',
  'payments search',
  'link intent',
  'link intent page',
];

/** The migrations not yet released grouped by their previous release, or the reason git cannot tell. */
const plan = ((): { groups: Map<string, MigrationFile[]> } | { error: Error } => {
  try {
    requireFullHistory();
    const groups = new Map<string, MigrationFile[]>();
    for (const m of unreleasedMigrations(files)) {
      const { commit } = previousRelease(m.path);
      groups.set(commit, [...(groups.get(commit) ?? []), m]);
    }
    return { groups };
  } catch (error) {
    return { error: error as Error };
  }
})();

describe('expand/contract: the previous release serves on the schema HEAD migrates to (built from git, real processes)', () => {
  const builds = new Map<string, Promise<PreviousRelease>>();
  /** Each commit is built once per run (in a temporary directory removed after the file). */
  const build = (commit: string) => {
    if (!builds.has(commit)) builds.set(commit, buildRelease(commit));
    return builds.get(commit)!;
  };
  const report = (what: string, release: PreviousRelease, result: CheckResult) =>
    console.log(
      `${what}: ${release.commit.slice(0, 12)} built in ${release.buildMs} ms, migrated in ${result.migrateMs} ms, ` +
        `4 apps up in ${result.startMs} ms, smoke in ${result.smokeMs} ms`,
    );

  afterAll(async () => {
    const settled = await Promise.allSettled([...builds.values()]);
    for (const s of settled) if (s.status === 'fulfilled') await s.value.remove();
  });

  it('reads the full git history (a shallow clone or a copy without .git fails here, never skips)', () => {
    if ('error' in plan) throw plan.error;
    expect(plan.groups).toBeInstanceOf(Map);
  });

  for (const [commit, migrations] of 'groups' in plan ? plan.groups : []) {
    const names = migrations.map((m) => basename(m.path)).join(', ');
    it(`${names}: the release before it (${commit.slice(0, 12)}) serves on the migrated schema`, async () => {
      const release = await build(commit);
      const result = await checkRelease(release, schemaFor(headMigrations(), migrations, files));
      report(names, release, result);
      expect(result.steps).toEqual(ALL_STEPS);
    }, 180000);
  }

  const deployed = files.find((m) => m.timestamp === DEPLOYED_RELEASE_MIGRATION)!;

  it(`mechanism: ${basename(deployed.path)} (the deployed release's newest, a clean expand) passes the same check`, async () => {
    const release = await build(previousRelease(deployed.path).commit);
    const result = await checkRelease(release, schemaFor(headMigrations(), [deployed], files));
    report('deployed', release, result);
    expect(result.steps).toEqual(ALL_STEPS);
  }, 180000);

  it("fails when a contract step ships with the code change: HEAD's code breaks on the newest column renamed under it", async () => {
    // HEAD is the previous release of whatever migration comes next: its smoke passes every step
    // up to the first one that writes the renamed column, and fails there.
    const release = await build(git(['rev-parse', 'HEAD']));
    const failure = await checkRelease(release, [...headMigrations(), ContractRenameExpectedClient9000000000000]).then(
      () => new Error('the check passed'),
      (error: Error) => error,
    );
    expect(failure).toBeInstanceOf(SmokeStepFailed);
    expect(failure.message).toMatch(/^smoke step "link intent": payments-api POST \/v2\/orchestrators\/link-intents answered 500/);
    expect((failure as SmokeStepFailed).done).toEqual(ALL_STEPS.slice(0, ALL_STEPS.indexOf('link intent')));
  }, 180000);
});
