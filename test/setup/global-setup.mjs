// Starts the real servers once for the whole run, on free ports so a running `npm start`
// is never touched: PostgreSQL (its migrated `payrail` database is the template every test
// file clones), Redis, and anvil with the contracts deployed. Plain ESM importing the built
// devstack (Jest loads global setup outside its module system; `npm test` builds first).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startInfra } from '../../dist/tools/devstack/src/index.js';

/** Debian packages some test files need, each with the file that proves it is installed. */
const DEBIAN_PACKAGES = [
  { name: 'chromium', present: () => existsSync('/usr/bin/chromium') || existsSync('/usr/bin/chromium-browser') }, // browser e2e
  { name: 'prometheus', present: () => existsSync('/usr/bin/promtool') || existsSync('/usr/local/bin/promtool') }, // alert rules
  {
    // backup/restore: a server with its own pg_dump, pg_restore and psql
    name: 'postgresql',
    present: () =>
      existsSync('/usr/lib/postgresql') &&
      readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/pg_dump`)),
  },
];

/**
 * Installs the missing ones in one apt-get run before any worker starts: test files that
 * each ran apt-get from two Jest workers at once raced for dpkg's lock. The files keep their
 * own install as a fallback (one file run alone); without root nothing is installed here.
 */
function installDebianPackages() {
  const missing = DEBIAN_PACKAGES.filter((p) => !p.present()).map((p) => p.name);
  if (missing.length === 0 || process.getuid?.() !== 0) return;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => execFileSync('apt-get', ['-o', 'DPkg::Lock::Timeout=300', ...args], { stdio: 'ignore', env });
  // Chromium with its recommends (fonts), as tools/devstack installs it for npm start.
  const install = () => {
    if (missing.includes('chromium')) apt(['install', '-y', '-q', 'chromium']);
    const rest = missing.filter((name) => name !== 'chromium');
    if (rest.length > 0) apt(['install', '-y', '-q', '--no-install-recommends', ...rest]);
  };
  try {
    install();
  } catch {
    apt(['update', '-q']);
    install();
  }
}

export default async function globalSetup() {
  installDebianPackages();
  const dir = await mkdtemp(join(tmpdir(), 'payrail-test-'));
  await chmod(dir, 0o755); // Postgres runs as the postgres user when we are root
  const infra = await startInfra({
    dir,
    ephemeral: true,
    ports: { postgres: await freePort(), redis: await freePort(), anvil: await freePort() },
    log: () => undefined,
  });
  globalThis.__payrailInfra = infra;
  const info = { dir, postgresAdminUrl: infra.postgresAdminUrl, templateDatabase: 'payrail', redisUrl: infra.redisUrl, chain: infra.chain };
  const file = join(dir, 'stack.json');
  await writeFile(file, JSON.stringify(info, null, 2));
  process.env.PAYRAIL_TEST_STACK_FILE = file;
}
