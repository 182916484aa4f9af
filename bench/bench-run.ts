import { writeFileSync } from 'node:fs';
import { startEphemeralInfra } from '@payrail/devstack';

// What every benchmark shares with bench:scale and the smoke test:
//   BENCH_SIZE=tiny          the smallest run that still goes through every step (CI smoke test);
//   BENCH_DATABASE_URL       a migrated (possibly seeded) database to use instead of a private one;
//   BENCH_RESULT_FILE        where to write the run's headline figures as JSON (bench:scale reads them).

/** True when the bench should run at its smallest size (the CI smoke test). */
export const TINY = process.env.BENCH_SIZE === 'tiny';

/** A number from the environment, else the tiny or the normal default. */
export function sized(name: string, normal: number, tiny: number): number {
  const value = process.env[name];
  return value === undefined ? (TINY ? tiny : normal) : Number(value);
}

/** Private Redis and anvil, and Postgres unless BENCH_DATABASE_URL names a database to use. */
export function benchInfra(label: string): ReturnType<typeof startEphemeralInfra> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  return startEphemeralInfra(label, databaseUrl ? { databaseUrl } : undefined);
}

/** A headline figure: lower is better for latencies and durations, higher for throughputs. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  better: 'lower' | 'higher';
}

/** Writes the figures where bench:scale asked for them (nothing otherwise). */
export function reportFigures(bench: string, figures: Figure[]): void {
  const file = process.env.BENCH_RESULT_FILE;
  if (file) writeFileSync(file, JSON.stringify({ bench, figures }));
}

/** The p-th percentile of ascending `sorted` (nearest rank); 0 for no samples. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
