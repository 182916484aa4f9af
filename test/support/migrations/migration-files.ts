import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MigrationInterface } from 'typeorm';
import { dataSourceOptions } from '@payrail/persistence';
import { repoRoot } from '@payrail/devstack';
import { commitAdding, git, parentOf } from './git-history.js';

/**
 * The expand/contract rule (docs/operations.md, "Migrations: expand and contract") holds for every
 * migration newer than this one, the newest on main when the rule was written (2026-11-27): the
 * checks never move it forward, so every later migration stays covered.
 */
export const EXPAND_CONTRACT_BASELINE = 1763886600000;

/**
 * The newest migration of the release now deployed (a release is a landed CI run of main; this one
 * landed on 2026-11-28, stop 40). The running check (test/e2e/expand-contract.e2e-spec.ts) starts
 * the previous release of every migration newer than this one, and this one's own as its proof
 * of the machinery: a rolling upgrade goes from the deployed release to HEAD, so an older release
 * never serves beside HEAD's schema. Move it forward when a release lands (docs/operations.md).
 * The static rules (test/lint/migration-rules.spec.ts) keep covering everything after the
 * baseline above.
 */
export const DEPLOYED_RELEASE_MIGRATION = 1763886935000;

export const MIGRATIONS_DIR = 'libs/persistence/src/migrations';

/** A migration file of libs/persistence/src/migrations. */
export interface MigrationFile {
  /** Path from the repository root. */
  path: string;
  /** The 13-digit timestamp its name starts with (TypeORM's order). */
  timestamp: number;
  source: string;
  /** The `// contract: <revision> ...` marker's revision, or null for an ordinary (expand) migration. */
  contract: string | null;
}

const CONTRACT_MARKER = /^\s*\/\/\s*contract:\s*(\S+)/m;

/** The `// contract:` revision of a migration's source, or null. */
export function contractMarker(source: string): string | null {
  return CONTRACT_MARKER.exec(source)?.[1] ?? null;
}

/** Every migration file, oldest first. */
export function migrationFiles(root = repoRoot()): MigrationFile[] {
  return readdirSync(join(root, MIGRATIONS_DIR))
    .filter((name) => /^\d{13}-.+\.ts$/.test(name) && !/spec\.ts$/.test(name))
    .map((name) => {
      const path = `${MIGRATIONS_DIR}/${name}`;
      const source = readFileSync(join(root, path), 'utf8');
      return { path, timestamp: Number(name.slice(0, 13)), source, contract: contractMarker(source) };
    })
    .sort((a, b) => a.timestamp - b.timestamp);
}

/** The migrations the rule covers: newer than the baseline. */
export const ruledMigrations = (files = migrationFiles()): MigrationFile[] => files.filter((m) => m.timestamp > EXPAND_CONTRACT_BASELINE);
/** The migrations not in the deployed release: the ones a rolling upgrade to HEAD runs. */
export const unreleasedMigrations = (files = migrationFiles()): MigrationFile[] =>
  files.filter((m) => m.timestamp > DEPLOYED_RELEASE_MIGRATION);

/**
 * The previous release of a migration: the mainline commit before the one that brought it (the
 * code that still serves while it runs), or HEAD while the migration is not committed yet.
 */
export function previousRelease(path: string): { commit: string; addedIn: string | null } {
  const addedIn = commitAdding(path);
  return { commit: addedIn ? parentOf(addedIn) : git(['rev-parse', 'HEAD']), addedIn };
}

export type MigrationClass = new () => MigrationInterface;

/** Every migration HEAD runs (`npm run migrate`), in order. */
export const headMigrations = (): MigrationClass[] => dataSourceOptions('postgres://unused').migrations as MigrationClass[];

/** The migration timestamp TypeORM reads from a migration class name (its last 13 digits). */
export function classTimestamp(migration: { name: string }): number {
  const match = /(\d{13})$/.exec(migration.name);
  if (!match) throw new Error(`migration class ${migration.name} does not end with its 13-digit timestamp`);
  return Number(match[1]);
}

/**
 * The schema the previous release of `checked` runs against: every migration of HEAD but the
 * contract migrations newer than all of `checked`. Those retire code older than the release they
 * name, so they are checked against their own previous release (where the code no longer uses what
 * they remove), not against every older one.
 */
export function schemaFor<M extends { name: string }>(
  all: readonly M[],
  checked: readonly MigrationFile[],
  files: readonly MigrationFile[],
): M[] {
  const newest = Math.max(...checked.map((m) => m.timestamp));
  const laterContracts = new Set(files.filter((f) => f.contract !== null && f.timestamp > newest).map((f) => f.timestamp));
  return all.filter((m) => !laterContracts.has(classTimestamp(m)));
}
