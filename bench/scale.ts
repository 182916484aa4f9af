import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDatabase, startEphemeralInfra } from '@payrail/devstack';
import { createDataSource } from '@payrail/persistence';
import { seedYear } from '../tools/seed/src/index.js';
import { fmt } from './autocannon.js';
import type { Figure } from './bench-run.js';

// bench:scale: every benchmark on an empty database and on a seeded year, in one run, each figure
// with its ratio. One Postgres for both: the migrated template is cloned for each empty run; the
// seeded database is shared by the seeded runs, webhooks last (its worker's retention jobs prune
// the year's old rows while it measures). Other servers (Redis, anvil) are each bench's own.
//   npm run bench:scale [-- --scale 0.01] [-- --only reads,webhooks]
const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' }, only: { type: 'string' } } });
const SCALE = Number(values.scale);
const BENCHES = ['reads', 'payouts', 'export', 'detection', 'webhooks'].filter((b) => !values.only || values.only.split(',').includes(b));
const FILES: Record<string, string> = {
  reads: 'reads.js',
  payouts: 'payouts.js',
  export: 'dashboard-export.js',
  detection: 'detection.js',
  webhooks: 'webhooks.js',
};
/** Target: every figure within this factor of the empty database's. */
const TARGET = 1.5;

interface Run {
  figures: Figure[];
  load: number[];
}

const load = () => loadavg().map((l) => Number(l.toFixed(2)));

async function runBench(bench: string, databaseUrl: string, dir: string): Promise<Run> {
  const resultFile = join(dir, `${bench}-${Date.now()}.json`);
  const script = fileURLToPath(new URL(`./${FILES[bench]}`, import.meta.url));
  const before = load();
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      env: { ...process.env, BENCH_DATABASE_URL: databaseUrl, BENCH_RESULT_FILE: resultFile },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`bench ${bench} exited with ${code}`);
  const { figures } = JSON.parse(await readFile(resultFile, 'utf8')) as { figures: Figure[] };
  await rm(resultFile, { force: true });
  return { figures, load: before };
}

async function main(): Promise<void> {
  const infra = await startEphemeralInfra('bench-scale');
  const admin = infra.postgresAdminUrl!;
  const urlOf = (name: string) => admin.replace(/\/postgres$/, `/${name}`);
  try {
    await createDatabase(admin, 'seeded', 'payrail');
    const db = createDataSource(urlOf('seeded'), 1);
    await db.initialize();
    console.log(`seeding a year at scale ${SCALE} (load average ${load().join(' ')})`);
    const seeded = await seedYear(db, { scale: SCALE, skipForeignKeyChecks: true, log: (line) => console.log(line) });
    await db.destroy();
    console.log(`seeded in ${fmt(seeded.seconds, 1)} s: ${fmt(seeded.rows.requests)} requests, ${fmt(seeded.rows.outbox_events)} events`);
    const results: { bench: string; empty: Run; full: Run }[] = [];
    for (const bench of BENCHES) {
      const name = `empty_${bench}`;
      await createDatabase(admin, name, 'payrail');
      console.log(`\n=== ${bench}, empty database`);
      const empty = await runBench(bench, urlOf(name), infra.dir);
      console.log(`\n=== ${bench}, seeded year`);
      const full = await runBench(bench, urlOf('seeded'), infra.dir);
      results.push({ bench, empty, full });
    }
    summarise(results);
  } finally {
    await infra.stop();
  }
}

/** Each figure on both databases and the cost ratio (>1: the seeded year is slower). */
function summarise(results: { bench: string; empty: Run; full: Run }[]): void {
  console.log(`\nbench:scale, seeded year at scale ${SCALE}: cost ratio = seeded / empty (latency) or empty / seeded (throughput)`);
  let missed = 0;
  for (const { bench, empty, full } of results) {
    console.log(`  ${bench} (load average before: empty ${empty.load.join(' ')}, seeded ${full.load.join(' ')})`);
    for (const f of empty.figures) {
      const s = full.figures.find((x) => x.name === f.name);
      if (!s) continue;
      const ratio = f.better === 'lower' ? s.value / Math.max(f.value, 1e-9) : f.value / Math.max(s.value, 1e-9);
      const met = ratio <= TARGET;
      if (!met) missed++;
      console.log(
        `    ${f.name.padEnd(52)} empty ${fmt(f.value, 1).padStart(9)} ${f.unit.padEnd(5)} seeded ${fmt(s.value, 1).padStart(9)} ${f.unit.padEnd(5)} ` +
          `ratio ${fmt(ratio, 2)}${met ? '' : `  > ${TARGET}`}`,
      );
    }
  }
  console.log(`  target every ratio <= ${TARGET}: ${missed === 0 ? 'met' : `${missed} figure(s) not met`}`);
}

await main();
process.exit(0);
