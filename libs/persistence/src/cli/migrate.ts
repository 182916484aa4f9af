import { runMigrations } from '../migrate.js';

// One-shot migration step (`npm run migrate`, the Kubernetes migration Job, compose's `migrate`).
const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL: must be set to a postgres:// URL');
  process.exit(2);
}
try {
  const applied = await runMigrations(url);
  console.log(JSON.stringify({ msg: 'migrations applied', applied }));
} catch (error) {
  console.error(JSON.stringify({ msg: 'migration failed', error: error instanceof Error ? error.message : String(error) }));
  process.exit(1);
}
