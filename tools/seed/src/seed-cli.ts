import { parseArgs } from 'node:util';
import { createDataSource } from '@payrail/persistence';
import { seedYear } from './seed-year.js';

// npm run seed:year -- --database-url postgres://... [--scale 0.01] [--check-foreign-keys]
// Fills a migrated database with a year of platforms, requests, events and deliveries (docs/benchmarks.md).
const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    scale: { type: 'string', default: '1' },
    'check-foreign-keys': { type: 'boolean', default: false },
  },
});
const url = values['database-url'];
if (!url) {
  console.error('seed: pass --database-url (or set DATABASE_URL) of a migrated database');
  process.exit(2);
}
const db = createDataSource(url, 1);
await db.initialize();
try {
  console.log(`seeding a year at scale ${values.scale}`);
  const result = await seedYear(db, {
    scale: Number(values.scale),
    skipForeignKeyChecks: !values['check-foreign-keys'],
    log: (line) => console.log(line),
  });
  console.log(`seeded in ${result.seconds.toFixed(1)} s:`, result.rows);
} finally {
  await db.destroy();
}
