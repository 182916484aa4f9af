import 'reflect-metadata';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type AppHandle, freePort, startApp, startEphemeralInfra } from '@payrail/devstack';
import { appendToOutbox, createDataSource, sqlExecute, sqlRows } from '@payrail/persistence';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { emit, paymentConfirmed, seedTenant } from '@payrail/test-support/webhook-worker/fixtures.js';
import { fmt } from './autocannon.js';

// Bulk recovery of webhook deliveries (issue #22 item 3) on real Postgres, Redis, the built
// auth-api and webhook-worker, in one run:
//   - baseline: COUNT live deliveries (a burst of events committed to the outbox at once), from
//     the first to the last arrival at a receiver that answers 200 at once;
//   - recovery: COUNT failed deliveries of one endpoint redelivered by one POST .../recover,
//     from the call to the last arrival (the recovery lane: WEBHOOK_RECOVERY_CONCURRENCY slots,
//     WEBHOOK_RECOVERY_MAX_PER_SECOND);
//   - live traffic beside it: event-to-receiver p99 at LIVE_RATE events/s alone, and while a
//     second recovery of COUNT drains (the lane must not starve live deliveries);
//   - fairness across owners (issue #29 item 6): a second owner's recovery of FAIR_SMALL, from the
//     call to its last arrival, alone and while a first owner's recovery of FAIR_BIG drains
//     (target: within 2x of alone). BENCH_PARTS=fair runs only this part.
const FAIR_BIG = Number(process.env.BENCH_FAIR_BIG ?? 100000);
const FAIR_SMALL = Number(process.env.BENCH_FAIR_SMALL ?? 10);
const PARTS = process.env.BENCH_PARTS ?? 'all';
const COUNT = Number(process.env.BENCH_EVENTS ?? 10000);
const LIVE_RATE = Number(process.env.BENCH_RATE ?? 50);
const LIVE_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 5);
const TARGET_SECONDS = 60;

function startReceiver() {
  let arrivals = 0;
  const arrivedAt = new Map<string, number>();
  let waiter: { count: number; resolve: () => void } | undefined;
  const server = createServer((req, res) => {
    req.on('data', () => undefined);
    req.on('end', () => {
      arrivals++;
      arrivedAt.set(req.headers['x-service-delivery'] as string, Date.now());
      res.writeHead(200).end('ok');
      if (waiter && arrivals >= waiter.count) waiter.resolve();
    });
  });
  const until = (count: number) =>
    new Promise<void>((resolve) => {
      waiter = { count, resolve };
      if (arrivals >= count) resolve();
    });
  return { server, until, arrivedAt, count: () => arrivals };
}
type Receiver = ReturnType<typeof startReceiver>;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main(): Promise<void> {
  const infra = await startEphemeralInfra('bench-webhook-recovery');
  const db = createDataSource(infra.databaseUrl, 8);
  await db.initialize();
  const receiver = startReceiver();
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hook`;
  const tenant = await seedTenant(db);
  const event = () => paymentConfirmed({ platformId: tenant.platformId }, { clientId: tenant.clientId });
  const env = {
    DATABASE_URL: infra.databaseUrl,
    REDIS_URL: infra.redisUrl,
    LOG_LEVEL: 'warn',
    QUEUE_PREFIX: 'bench',
    RATE_LIMIT_MULTIPLIER: '100',
    WEBHOOK_RECOVER_MAX_PER_CALL: String(Math.max(COUNT, FAIR_BIG)),
  };
  const apps: AppHandle[] = [];
  try {
    for (const name of ['auth-api', 'webhook-worker'] as const)
      apps.push(await startApp(name, { port: await freePort(), env, output: { file: join(infra.dir, `${name}.log`) } }));
    const hook = await fetch(`${apps[0].url}/v1/webhook`, {
      method: 'POST',
      headers: { 'x-client-id': tenant.clientId, 'x-api-key': tenant.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });
    const endpointId = ((await hook.json()) as { id: string }).id;
    const recover = () =>
      fetch(`${apps[0].url}/v1/webhook/${endpointId}/recover`, {
        method: 'POST',
        headers: { 'x-client-id': tenant.clientId, 'x-api-key': tenant.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ since: new Date(Date.now() - 3600_000).toISOString() }),
      }).then(async (r) => (await r.json()) as { queued: number });

    if (PARTS === 'fair') {
      await fairness(db, apps[0].url, receiver, infra.redisUrl);
      return;
    }
    await liveBurst(db, receiver, event, 1000); // warm-up: JIT, pools, caches
    const live = await liveBurst(db, receiver, event, COUNT);
    await markFailed(db, endpointId);
    const started = Date.now();
    const before = receiver.count();
    const { queued } = await recover();
    await receiver.until(before + COUNT);
    const recoverySeconds = (Date.now() - started) / 1000;
    const recoveryRate = queued / recoverySeconds;

    const alone = await liveLatency(db, receiver, event);
    await markFailed(db, endpointId);
    const second = recover();
    const beside = await liveLatency(db, receiver, event);
    await second;

    console.log(`webhook recovery: one auth-api, one webhook-worker; ${COUNT} deliveries to one endpoint answering 200 at once`);
    console.log(`  baseline, live burst (outbox -> receiver)        ${fmt(live)} deliveries/s (${fmt(COUNT / live, 1)} s)`);
    console.log(
      `  recovery, one POST .../recover (call -> last)     ${fmt(recoveryRate)} deliveries/s: ${queued} drained in ${fmt(recoverySeconds, 1)} s`,
    );
    console.log(`  ratio recovery / live: ${fmt(recoveryRate / live, 2)} (the recovery lane is throttled on purpose)`);
    console.log(`  target: ${COUNT} recovered in under ${TARGET_SECONDS} s: ${recoverySeconds < TARGET_SECONDS ? 'met' : 'not met'}`);
    console.log(
      `  live event-to-receiver at ${LIVE_RATE}/s: p50 ${fmt(alone.p50)} ms  p99 ${fmt(alone.p99)} ms alone; ` +
        `p50 ${fmt(beside.p50)} ms  p99 ${fmt(beside.p99)} ms while a recovery of ${COUNT} drains`,
    );
    await fairness(db, apps[0].url, receiver, infra.redisUrl);
  } finally {
    await Promise.all(apps.map((a) => a.stop()));
    receiver.server.closeAllConnections();
    receiver.server.close();
    await db.destroy();
    await infra.stop();
  }
}

/**
 * Owner B's recovery of FAIR_SMALL alone, then again right after owner A's POST .../recover of
 * FAIR_BIG returned (A's jobs already draining): call-to-last-arrival of B's both times.
 */
async function fairness(db: DataSource, apiUrl: string, receiver: Receiver, redisUrl: string): Promise<void> {
  const owner = async (name: string) => {
    const tenant = await seedTenant(db);
    const call = (path: string, body: object) =>
      fetch(`${apiUrl}/v1/webhook${path}`, {
        method: 'POST',
        headers: { 'x-client-id': tenant.clientId, 'x-api-key': tenant.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const port = (receiver.server.address() as AddressInfo).port;
    const endpointId = ((await (await call('', { url: `http://127.0.0.1:${port}/${name}` })).json()) as { id: string }).id;
    const recover = async () => {
      const res = await call(`/${endpointId}/recover`, { since: new Date(Date.now() - 3600_000).toISOString() });
      if (res.status !== 202) throw new Error(`recover answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as { queued: number; more: boolean };
    };
    return { tenant, endpointId, recover };
  };
  const a = await owner('big');
  const b = await owner('small');
  const seedFailed = async (o: Awaited<ReturnType<typeof owner>>, count: number) => {
    const body = JSON.stringify({ event: 'payment.confirmed' });
    for (let i = 0; i < count; i += 10000)
      await sqlExecute(
        db,
        `INSERT INTO webhook_deliveries (id, endpoint_id, outbox_event_id, event_type, body, status, attempt_count, round_attempts, created_at, completed_at)
         SELECT 'fair' || $4 || lpad(n::text, 8, '0'), $1, nextval(pg_get_serial_sequence('outbox_events', 'id')), 'payment.confirmed', $2,
                'failed', 4, 4, now() - interval '30 minutes', now()
           FROM generate_series($3::int, $3::int + $5::int - 1) n`,
        [o.endpointId, body, i, o === a ? 'a' : 'b', Math.min(10000, count - i)],
      );
  };
  await seedFailed(b, FAIR_SMALL);
  const callMs: number[] = [];
  const timeSmall = async () => {
    const arrivedBefore = new Set([...receiver.arrivedAt.keys()].filter((id) => id.startsWith('fairb')));
    const started = Date.now();
    const { queued } = await b.recover();
    callMs.push(Date.now() - started);
    for (;;) {
      const arrived = [...receiver.arrivedAt.entries()].filter(
        ([id, at]) => id.startsWith('fairb') && (!arrivedBefore.has(id) || at > started),
      );
      if (arrived.length >= queued) return (Math.max(...arrived.map(([, at]) => at)) - started) / 1000;
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  const drained = async () => {
    for (;;) {
      const rows = await sqlRows(db, `SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'pending' LIMIT 1`, [
        b.endpointId,
      ]);
      if (rows.length === 0) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await timeSmall(); // warm-up
  await drained();
  await sqlExecute(db, `UPDATE webhook_deliveries SET status = 'failed' WHERE endpoint_id = $1`, [b.endpointId]);
  const alone = await timeSmall();
  await drained();
  await sqlExecute(db, `UPDATE webhook_deliveries SET status = 'failed' WHERE endpoint_id = $1`, [b.endpointId]);

  const seeding = Date.now();
  await seedFailed(a, FAIR_BIG);
  const seeded = (Date.now() - seeding) / 1000;
  const redis = new Redis(redisUrl);
  const lane = async () => {
    const [wait, ranked, active] = await Promise.all([
      redis.llen('bench:webhook-recovery:wait'),
      redis.zcard('bench:webhook-recovery:prioritized'),
      redis.llen('bench:webhook-recovery:active'),
    ]);
    return { wait, ranked, active };
  };
  const callStarted = Date.now();
  const trace = process.env.BENCH_TRACE
    ? setInterval(() => {
        const at = Date.now() - callStarted;
        void lane().then((l) =>
          console.log(`  [trace +${fmt(at / 1000, 1)} s] lane: ${l.wait} unranked, ${l.ranked} ranked, ${l.active} active`),
        );
      }, 5000)
    : undefined;
  const big = await a.recover();
  const bigCall = (Date.now() - callStarted) / 1000;
  const atB = await lane();
  const beside = await timeSmall();
  clearInterval(trace);
  await redis.quit();
  const bigDone = [...receiver.arrivedAt.keys()].filter((id) => id.startsWith('faira')).length;

  console.log(
    `fair recovery lanes: owner B recovers ${FAIR_SMALL}; owner A recovers ${fmt(big.queued)} (seeded in ${fmt(seeded, 1)} s; its POST took ${fmt(bigCall, 1)} s)`,
  );
  console.log(`  B alone (call -> last arrival)                 ${fmt(alone * 1000)} ms (its POST: ${fmt(callMs[1])} ms)`);
  console.log(
    `  B while A's ${fmt(big.queued)} drain (A had ${fmt(bigDone)} delivered when B finished)  ${fmt(beside * 1000)} ms (its POST: ${fmt(callMs[2])} ms)`,
  );
  console.log(
    `  the lane when B called: ${fmt(atB.wait)} jobs without a rank (they go first), ${fmt(atB.ranked)} ranked, ${atB.active} active`,
  );
  console.log(`  ratio beside / alone: ${fmt(beside / alone, 2)}  target: within 2x: ${beside <= 2 * alone ? 'met' : 'not met'}`);
}

/** Every delivery of the endpoint becomes a finished failure again (as after a receiver's bad day). */
async function markFailed(db: DataSource, endpointId: string): Promise<void> {
  await sqlExecute(
    db,
    `UPDATE webhook_deliveries SET status = 'failed', completed_at = now() WHERE endpoint_id = $1 AND id IN (
    SELECT id FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY id DESC LIMIT $2)`,
    [endpointId, COUNT],
  );
  await sqlExecute(
    db,
    `UPDATE webhook_deliveries SET status = 'succeeded' WHERE endpoint_id = $1 AND status = 'failed' AND id NOT IN (
    SELECT id FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY id DESC LIMIT $2)`,
    [endpointId, COUNT],
  );
}

/** `count` events committed at once; deliveries per second from the first to the last arrival. */
async function liveBurst(
  db: DataSource,
  receiver: Receiver,
  event: () => ReturnType<typeof paymentConfirmed>,
  count: number,
): Promise<number> {
  const before = receiver.count();
  const first = receiver.until(before + 1);
  await db.transaction(async (manager) => {
    for (let i = 0; i < count; i += 500) await appendToOutbox(manager, Array.from({ length: Math.min(500, count - i) }, event));
  });
  await first;
  const start = Date.now();
  await receiver.until(before + count);
  return (count - 1) / ((Date.now() - start) / 1000);
}

/** LIVE_RATE events a second for LIVE_SECONDS, one transaction each: commit-to-arrival latencies. */
async function liveLatency(db: DataSource, receiver: Receiver, event: () => ReturnType<typeof paymentConfirmed>) {
  const committed: { requestId: string; at: number }[] = [];
  const start = Date.now();
  for (let i = 0; i < LIVE_RATE * LIVE_SECONDS; i++) {
    const wait = start + (i * 1000) / LIVE_RATE - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const e = event();
    await emit(db, [e]);
    committed.push({ requestId: e.aggregateId, at: Date.now() });
  }
  const ids = await waitForDeliveries(
    db,
    receiver,
    committed.map((c) => c.requestId),
  );
  const latencies = committed.map((c) => receiver.arrivedAt.get(ids.get(c.requestId)!)! - c.at).sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** The delivery id of each event, once every one of them has arrived. */
async function waitForDeliveries(db: DataSource, receiver: Receiver, requestIds: string[]): Promise<Map<string, string>> {
  for (;;) {
    const rows = await sqlRows<{ requestId: string; id: string }>(
      db,
      `SELECT o.aggregate_id AS "requestId", d.id FROM outbox_events o JOIN webhook_deliveries d ON d.outbox_event_id = o.id WHERE o.aggregate_id = ANY($1::text[])`,
      [requestIds],
    );
    if (rows.length === requestIds.length && rows.every((r) => receiver.arrivedAt.has(r.id)))
      return new Map(rows.map((r) => [r.requestId, r.id]));
    await new Promise((r) => setTimeout(r, 100));
  }
}

await main();
process.exit(0);
