// Starts the real servers once for the whole run, on free ports so a running `npm start`
// is never touched: PostgreSQL (its migrated `payrail` database is the template every test
// file clones), Redis, and anvil with the contracts deployed. Plain ESM importing the built
// devstack (Jest loads global setup outside its module system; `npm test` builds first).
import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startInfra } from '../../dist/tools/devstack/src/index.js';
import { installDebianPackages } from '../../scripts/debian-packages.mjs';

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
