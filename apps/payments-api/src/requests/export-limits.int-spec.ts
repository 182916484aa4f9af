import { get, type IncomingMessage } from 'node:http';
import { sqlOne } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { seedPaidRequests } from '@payrail/test-support/dashboard/request-rows.js';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { ExportDatabase } from '../payments/export-database.js';

/** Rows per exporting platform: far more CSV than socket buffers hold, so an unread export stays open. */
const ROWS = 40_000;

interface OpenExport {
  status: number;
  headers: IncomingMessage['headers'];
  res: IncomingMessage;
}

// Issue #29 item 7 as attacks over HTTP: exports held open by clients that stop reading must not
// take the request pool, nor run beyond the per-platform and per-replica caps.
describe('CSV export limits: own pool with timeouts, per-platform and per-replica caps', () => {
  let p: PayoutsApi;
  let db: DataSource;
  const held: IncomingMessage[] = [];

  /** Starts an export and stops reading it after the headers (the server fills the socket, then waits). */
  const openExport = (apiKey: string) =>
    new Promise<OpenExport>((resolve, reject) => {
      const req = get(`${p.api.url}/v2/requests/export`, { headers: { 'x-api-key': apiKey } }, (res) => {
        res.pause();
        resolve({ status: res.statusCode!, headers: res.headers, res });
      });
      req.on('error', reject);
    });
  const bodyOf = async (res: IncomingMessage) => {
    let text = '';
    for await (const chunk of res) text += String(chunk);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const exportSessions = async (state: string) =>
    (
      await sqlOne<{ n: number }>(
        db,
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'payrail-export' AND state = $1 AND datname = current_database()`,
        [state],
      )
    )?.n ?? 0;
  const until = async (done: () => Promise<boolean>, what: string) => {
    const deadline = Date.now() + 30_000;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  beforeAll(async () => {
    p = await startPayoutsApi({
      // A request pool smaller than the exports held open below: today's exports would take all of it.
      DATABASE_POOL_SIZE: '2',
      EXPORT_MAX_PER_REPLICA: '3',
      EXPORT_MAX_PER_PLATFORM: '2',
      EXPORT_STATEMENT_TIMEOUT_MS: '15000',
      EXPORT_IDLE_TX_TIMEOUT_MS: '120000',
    });
    db = p.api.app.get(DataSource);
  }, 120000);
  afterAll(async () => {
    held.forEach((res) => res.destroy());
    await p?.close();
  });

  it('opens the export connection with statement_timeout and idle_in_transaction_session_timeout, outside the request pool', async () => {
    const lease = await p.api.app.get(ExportDatabase).acquire(p.tenant.platform.id);
    try {
      const show = async (name: string) => (await sqlOne<Record<string, string>>(lease.runner.manager, `SHOW ${name}`))?.[name];
      expect(await show('statement_timeout')).toBe('15s');
      expect(await show('idle_in_transaction_session_timeout')).toBe('2min');
      expect(await show('application_name')).toBe('payrail-export');
      // The request pool's connections have neither.
      expect((await sqlOne<{ statement_timeout: string }>(db, 'SHOW statement_timeout'))?.statement_timeout).toBe('0');
    } finally {
      await lease.release();
    }
  });

  it('refuses a third export of a platform and a fourth on the replica with 429 and Retry-After; the request pool keeps serving', async () => {
    const a = await createTenant(p.api.app);
    const b = await createTenant(p.api.app);
    const c = await createTenant(p.api.app);
    await seedPaidRequests(db, a.platform.id, ROWS);
    await seedPaidRequests(db, b.platform.id, ROWS);

    const hold = async (apiKey: string) => {
      const open = await openExport(apiKey);
      held.push(open.res);
      expect(open.status).toBe(200);
    };
    await hold(a.apiKey.apiKey);
    await hold(a.apiKey.apiKey);
    // Two exports of platform A stalled on their readers, each holding a transaction on the export pool.
    await until(async () => (await exportSessions('idle in transaction')) === 2, 'two stalled exports');
    const platformCapped = await openExport(a.apiKey.apiKey);
    expect([platformCapped.status, platformCapped.headers['retry-after']]).toEqual([429, '10']);
    expect(await bodyOf(platformCapped.res)).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: expect.stringContaining('At most 2 exports of a platform') as string,
    });

    await hold(b.apiKey.apiKey); // the replica's third
    await until(async () => (await exportSessions('idle in transaction')) === 3, 'three stalled exports');
    const replicaCapped = await openExport(c.apiKey.apiKey);
    expect([replicaCapped.status, replicaCapped.headers['retry-after']]).toEqual([429, '10']);
    expect(await bodyOf(replicaCapped.res)).toMatchObject({ message: expect.stringContaining('Too many exports') as string });

    // The request pool (2 connections) is untouched by the three exports.
    for (let i = 0; i < 4; i++) {
      const list = await fetch(`${p.api.url}/v2/requests?limit=5`, {
        headers: { 'x-api-key': a.apiKey.apiKey },
        signal: AbortSignal.timeout(20_000),
      });
      expect(list.status).toBe(200);
    }

    // Readers gone: their places come back (transactions ended, advisory locks released).
    held.splice(0).forEach((res) => res.destroy());
    await until(async () => (await exportSessions('idle in transaction')) === 0, 'exports ended');
    await until(
      async () =>
        (
          await sqlOne<{ n: number }>(
            db,
            `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          )
        )?.n === 0,
      'export slots released',
    );
    const again = await fetch(`${p.api.url}/v2/requests/export`, { headers: { 'x-api-key': c.apiKey.apiKey } });
    expect(again.status).toBe(200);
    expect((await again.text()).split('\r\n')[0]).toMatch(/^requestId,/);
  }, 180000);
});
