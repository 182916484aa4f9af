import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { signWebhook, webhookBody } from '@payrail/domain';
import { type AppHandle, freePort, startApp } from '@payrail/devstack';
import { appendToOutbox, createDataSource, sqlOne, sqlRows } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { addEndpoint, emit, paymentConfirmed, seedClientId, seedPlatform } from '@payrail/test-support/webhook-worker/fixtures.js';
import { fmt } from './autocannon.js';
import { benchInfra, percentile, reportFigures, sized } from './bench-run.js';

// Webhook dispatcher throughput and latency on real Postgres, Redis and the built worker, in one run:
//   - a bare loop POSTing the same signed bytes to the same receiver (1 and 200 requests in flight,
//     keep-alive);
//   - sustained signed deliveries per second: a burst of events committed to the outbox at once, relayed,
//     fanned out, signed, POSTed and recorded by one webhook-worker process (200 in flight, like
//     the second bare loop); after one warm-up burst (not counted: the worker's JIT, pools and
//     Postgres caches warm up), bare loops and bursts alternate for ROUNDS rounds (medians; the
//     machine is shared);
//   - event-to-receiver latency (outbox commit -> receiver) at a steady RATE events/s, with
//     the relay's default poll interval and with 20 ms, and the dispatcher's share of it.
// The receiver does the same work for every request (reads the body, notes the delivery id
// header); events are matched to deliveries through Postgres afterwards.
const exec = promisify(execFile);
const ROUNDS = sized('BENCH_ROUNDS', 5, 1);
const BURST = sized('BENCH_EVENTS', 4000, 50);
const SECONDS = sized('BENCH_SECONDS', 3, 1);
const RATE = sized('BENCH_RATE', 200, 50);
const LATENCY_SECONDS = sized('BENCH_LATENCY_SECONDS', 10, 1);
/** Deliveries in flight in the worker (its default), and requests in flight in the second bare loop. */
const CONCURRENCY = 200;

const BARE_DELIVERY = '01JD000000000000000000BARE';

/**
 * The receiver: answers 200 and notes when each delivery (by x-service-delivery) arrived. Bare
 * loop requests, which all carry BARE_DELIVERY, are read and answered the same way.
 */
function startReceiver() {
  const arrivals = new Map<string, number>();
  let waiter: { count: number; resolve: () => void } | undefined;
  const server = createServer((req, res) => {
    const delivery = req.headers['x-service-delivery'] as string;
    req.on('data', () => undefined);
    req.on('end', () => {
      if (delivery !== BARE_DELIVERY) arrivals.set(delivery, Date.now());
      res.writeHead(200).end('ok');
      if (waiter && arrivals.size >= waiter.count) waiter.resolve();
    });
  });
  const until = (count: number) =>
    new Promise<void>((resolve) => {
      waiter = { count, resolve };
      if (arrivals.size >= count) resolve();
    });
  return { server, arrivals, until };
}

async function bareLoop(url: string, body: string, signature: string, concurrency: number): Promise<number> {
  // The benches build on their own (tsconfig.bench.json): the loop is the compiled file beside this one.
  const script = fileURLToPath(new URL('./webhooks-bare-loop.js', import.meta.url));
  const env = {
    ...process.env,
    TARGET_URL: url,
    BODY: body,
    SIGNATURE: signature,
    CONCURRENCY: String(concurrency),
    SECONDS: String(SECONDS),
    DELIVERY_ID: BARE_DELIVERY,
  };
  const { stdout } = await exec(process.execPath, [script], { env });
  const r = JSON.parse(stdout) as { requests: number; seconds: number };
  return r.requests / r.seconds;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const infra = await benchInfra('bench-webhooks');
  const dir = infra.dir;
  const db = createDataSource(infra.databaseUrl, 8);
  await db.initialize();
  const receiver = startReceiver();
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hook`;
  const platformId = await seedPlatform(db);
  const client = await seedClientId(db, platformId);
  const endpoint = await addEndpoint(db, { kind: 'client-id', clientIdId: client.id }, url);
  const event = () => paymentConfirmed({ platformId }, { clientId: client.clientId });
  const sampleBody = webhookBody('payment.confirmed', event().payload);
  const sampleSignature = signWebhook(sampleBody, endpoint.secret);
  const startWorker = async (extra: Record<string, string> = {}) =>
    startApp('webhook-worker', {
      port: await freePort(),
      env: {
        DATABASE_URL: infra.databaseUrl,
        REDIS_URL: infra.redisUrl,
        LOG_LEVEL: 'warn',
        QUEUE_PREFIX: 'bench',
        WEBHOOK_DELIVERY_CONCURRENCY: String(CONCURRENCY),
        // Like for like: all CONCURRENCY requests in flight go to the bench's one endpoint (its default cap is 50; the share raised to allow it).
        WEBHOOK_ENDPOINT_MAX_CONCURRENCY: String(CONCURRENCY),
        WEBHOOK_MAX_ENDPOINT_SHARE: '100',
        ...extra,
      },
      output: { file: join(dir, 'webhook-worker.log') },
    });
  let worker: AppHandle | undefined;
  // The worker's retention jobs start with it: on a seeded year they prune the old rows while the
  // bench runs (bench:scale: relay and dispatcher while pruning runs). Counted, not hidden.
  const retained = async () =>
    (await sqlOne<{ n: number }>(
      db,
      `SELECT (SELECT count(*) FROM outbox_events WHERE created_at < now() - interval '90 days')::int
            + (SELECT count(*) FROM webhook_deliveries WHERE created_at < now() - interval '90 days')::int
            + (SELECT count(*) FROM webhook_delivery_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
                WHERE d.created_at < now() - interval '90 days')::int AS n`,
    ))!.n;
  const oldBefore = await retained();
  try {
    worker = await startWorker();
    const warmUp = await burst(db, receiver, event, BURST);
    const rounds: { bare1: number; bareN: number; sustained: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const bare1 = await bareLoop(url, sampleBody, sampleSignature, 1);
      const bareN = await bareLoop(url, sampleBody, sampleSignature, CONCURRENCY);
      rounds.push({ bare1, bareN, sustained: await burst(db, receiver, event, BURST) });
    }
    const latencyDefault = await latency(db, receiver, event);
    await worker.stop();
    worker = await startWorker({ OUTBOX_POLL_INTERVAL_MS: '20' });
    const latencyFast = await latency(db, receiver, event);

    const [bare1, bareN, sustained] = [
      median(rounds.map((r) => r.bare1)),
      median(rounds.map((r) => r.bareN)),
      median(rounds.map((r) => r.sustained)),
    ];
    console.log(
      `webhook dispatcher: one worker process, ${CONCURRENCY} deliveries in flight; ${ROUNDS} rounds of ${BURST} events (medians) ` +
        `after a warm-up burst (${fmt(warmUp)} deliveries/s, not counted)`,
    );
    console.log(`  bare loop, same signed bytes, 1 in flight          ${fmt(bare1)} req/s`);
    console.log(`  bare loop, same signed bytes, ${CONCURRENCY} in flight         ${fmt(bareN)} req/s`);
    console.log(`  sustained signed deliveries (outbox -> receiver)   ${fmt(sustained)} deliveries/s`);
    console.log(
      `  ratio sustained / bare loop: ${fmt(sustained / bare1, 2)} (1 in flight), ${fmt(sustained / bareN, 2)} (${CONCURRENCY} in flight, like the worker)`,
    );
    const verdict = (ratio: number) => (ratio >= 0.5 ? 'met' : 'not met');
    console.log(
      `  target sustained >= 0.5 x bare loop: ${verdict(sustained / bare1)} against the bare loop (one POST after another), ` +
        `${verdict(sustained / bareN)} against ${CONCURRENCY} POSTs in flight`,
    );
    const pruned = oldBefore - (await retained());
    console.log(
      `  events, deliveries and attempts older than 90 days: ${fmt(oldBefore)} at the start, ${fmt(pruned)} pruned by the retention job during the run`,
    );
    reportFigures('webhooks', [
      { name: 'sustained signed deliveries', value: sustained, unit: '/s', better: 'higher' },
      { name: 'sustained / bare loop (200 in flight)', value: sustained / bareN, unit: 'x', better: 'higher' },
      { name: 'event-to-receiver p99, relay poll 200 ms', value: latencyDefault.p99, unit: 'ms', better: 'lower' },
      { name: 'event-to-receiver p99, relay poll 20 ms', value: latencyFast.p99, unit: 'ms', better: 'lower' },
      { name: 'dispatcher p99 (relay pass -> receiver)', value: latencyFast.dispatcherP99, unit: 'ms', better: 'lower' },
    ]);
    for (const r of rounds)
      console.log(
        `    round: bare ${fmt(r.bare1)} / ${fmt(r.bareN)} req/s, sustained ${fmt(r.sustained)}/s, ratio ${fmt(r.sustained / r.bare1, 2)} / ${fmt(r.sustained / r.bareN, 2)}`,
      );
    for (const [label, l] of [
      ['relay poll 200 ms (default)', latencyDefault],
      ['relay poll 20 ms', latencyFast],
    ] as const)
      console.log(
        `  event-to-receiver at ${RATE}/s, ${label}: achieved ${fmt(l.rate)}/s, p50 ${fmt(l.p50)} ms  p99 ${fmt(l.p99)} ms  max ${fmt(l.max)} ms; ` +
          `of which relay pass -> receiver (the dispatcher): p50 ${fmt(l.dispatcherP50)} ms  p99 ${fmt(l.dispatcherP99)} ms`,
      );
  } finally {
    await worker?.stop();
    receiver.server.closeAllConnections();
    receiver.server.close();
    await db.destroy();
    await infra.stop();
  }
}

type Receiver = ReturnType<typeof startReceiver>;
type EventFactory = () => ReturnType<typeof paymentConfirmed>;

/**
 * Writes `count` events in one transaction (inserts of 500), so they become visible at once as a
 * burst from producers would, and the producers' own insert work is done before the dispatcher
 * starts; deliveries per second from the first to the last arrival.
 */
async function burst(db: DataSource, receiver: Receiver, event: EventFactory, count: number): Promise<number> {
  const before = receiver.arrivals.size;
  const firstArrival = receiver.until(before + 1);
  await db.transaction(async (manager) => {
    for (let i = 0; i < count; i += 500) await appendToOutbox(manager, Array.from({ length: Math.min(500, count - i) }, event));
  });
  await firstArrival;
  const start = Date.now();
  await receiver.until(before + count);
  return (count - 1) / ((Date.now() - start) / 1000);
}

/**
 * RATE events per second, one transaction each, for LATENCY_SECONDS. Latency from commit to
 * arrival, and its dispatcher part: from the relay's pass (the start of the transaction that
 * fanned the event out and marked it published) to arrival.
 */
async function latency(db: DataSource, receiver: Receiver, event: EventFactory) {
  const committed = new Map<string, number>();
  const total = RATE * LATENCY_SECONDS;
  const before = receiver.arrivals.size;
  const start = Date.now();
  const writes: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = start + (i * 1000) / RATE - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const e = event();
    writes.push(emit(db, [e]).then(() => void committed.set(e.aggregateId, Date.now())));
  }
  await Promise.all(writes);
  const rate = total / ((Date.now() - start) / 1000);
  await receiver.until(before + total);
  const ids = [...committed.keys()];
  // A delivery can reach the receiver before the relay's transaction that marks its event
  // published commits (the relay publishes, then marks): wait for the marks, a few seconds at most.
  for (let waited = 0; waited < 5000; waited += 20) {
    const open = await sqlOne<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM outbox_events WHERE aggregate_type = 'request' AND aggregate_id = ANY($1::text[]) AND published_at IS NULL`,
      [ids],
    );
    if (open?.n === 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const rows = await sqlRows<{ requestId: string; deliveryId: string; relayedAt: Date | null }>(
    db,
    `SELECT o.aggregate_id AS "requestId", d.id AS "deliveryId", o.published_at AS "relayedAt"
       FROM outbox_events o JOIN webhook_deliveries d ON d.outbox_event_id = o.id
      WHERE o.aggregate_type = 'request' AND o.aggregate_id = ANY($1::text[])`,
    [ids],
  );
  // Every row state counts or is skipped, never dereferenced blindly: an event still unmarked
  // after the wait has no dispatcher share; a delivery the receiver never saw has no latency.
  const arrival = new Map<string, number>();
  const dispatcher: number[] = [];
  for (const r of rows) {
    const at = receiver.arrivals.get(r.deliveryId);
    if (at === undefined) continue;
    arrival.set(r.requestId, at);
    if (r.relayedAt) dispatcher.push(at - r.relayedAt.getTime());
  }
  dispatcher.sort((a, b) => a - b);
  const total$ = [...committed].flatMap(([requestId, at]) => {
    const arrived = arrival.get(requestId);
    return arrived === undefined ? [] : [arrived - at];
  });
  total$.sort((a, b) => a - b);
  return {
    rate,
    p50: percentile(total$, 50),
    p99: percentile(total$, 99),
    max: total$.at(-1) ?? 0,
    dispatcherP50: percentile(dispatcher, 50),
    dispatcherP99: percentile(dispatcher, 99),
  };
}

await main();
process.exit(0);
