import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '@payrail/devstack';
import { createTestDatabase } from '@payrail/test-support/stack.js';

// Every benchmark script, built as `npm run bench:*` builds it, runs to its end at its smallest
// size (BENCH_SIZE=tiny) on a fresh database, and the ones bench:scale compares report finite
// figures: a bench that breaks (a row state it cannot handle, a renamed route) fails here, not
// on the day someone measures. Two at a time (the machine's cores).
const exec = promisify(execFile);
const root = repoRoot();

const BENCHES: { script: string; args?: string[]; reports?: string; ownPostgres?: boolean }[] = [
  { script: 'currencies.js' },
  { script: 'guard-overhead.js' },
  { script: 'payouts.js', reports: 'payouts' },
  { script: 'dashboard-export.js', reports: 'export' },
  { script: 'detection.js', reports: 'detection' },
  { script: 'intents.js', reports: 'intents' },
  { script: 'webhooks.js', reports: 'webhooks' },
  // bench:scale itself: a tiny year, the reads bench on the empty and the seeded database (which
  // runs reads.js to its end twice: it has no run of its own here).
  { script: 'scale.js', args: ['--scale', '0.0005', '--only', 'reads'], ownPostgres: true },
];

let slots = 2;
const waiting: (() => void)[] = [];
async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (slots === 0) await new Promise<void>((resolve) => waiting.push(resolve));
  else slots--;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else slots++;
  }
}

function run(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'bench', 'dist', 'bench', script), ...args], {
      cwd: root,
      env: { ...process.env, ...env, BENCH_SIZE: 'tiny' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('benchmarks at a tiny size (smoke)', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'payrail-bench-smoke-'));
    // The benches' own build (apps are built already: the test run reads dist/).
    await exec(process.execPath, [join(root, 'scripts', 'transpile.mjs'), '--bench'], { cwd: root });
  }, 120_000);

  it.concurrent.each(BENCHES)(
    'bench $script runs to its end at a tiny size and reports its figures',
    async ({ script, args = [], reports, ownPostgres }) => {
      const resultFile = join(dir, `${script}.json`);
      const env: Record<string, string> = { BENCH_RESULT_FILE: resultFile };
      if (!ownPostgres) env.BENCH_DATABASE_URL = await createTestDatabase();
      const { code, output } = await inSlot(() => run(script, args, env));
      if (code !== 0) throw new Error(`${script} exited with ${code}:\n${output.slice(-3000)}`);
      if (script === 'scale.js') expect(output).toMatch(/reads \(load average before: empty [\d. ]+, seeded [\d. ]+\)/);
      if (!reports) return;
      const result = JSON.parse(await readFile(resultFile, 'utf8')) as { bench: string; figures: { value: number }[] };
      expect(result.bench).toBe(reports);
      expect(result.figures.length).toBeGreaterThan(0);
      for (const f of result.figures) expect(Number.isFinite(f.value)).toBe(true);
    },
    240_000,
  );
});
