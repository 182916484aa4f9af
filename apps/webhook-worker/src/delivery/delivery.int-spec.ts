import { createHmac } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { webhookBody } from '@payrail/domain';
import { createDataSource, sqlRows } from '@payrail/persistence';
import { QUEUES } from '@payrail/platform';
import { Queue, QueueEvents } from 'bullmq';
import type { DataSource } from 'typeorm';
import { freePort } from '@payrail/devstack';
import { appEnv, createTestDatabase, testStack, uniqueName } from '@payrail/test-support/stack.js';
import { FanOutWatcher, lastOutboxId } from '@payrail/test-support/webhook-worker/domain-event-watcher.js';
import {
  accessRejected,
  addEndpoint,
  emit,
  paymentConfirmed,
  seedClientId,
  seedPlatform,
} from '@payrail/test-support/webhook-worker/fixtures.js';
import { DeliveryJobWatcher } from '@payrail/test-support/webhook-worker/queue-events.js';
import { type Reply, TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { startWorkerInProcess } from '@payrail/test-support/webhook-worker/worker.js';

interface AttemptRow {
  retry_count: number;
  started_at: Date;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  response_body_head: string | null;
  succeeded: boolean;
}

const SCHEDULE_MS = [1000, 5000, 15000];
/** Node timers and Date.now() round to whole milliseconds, in two processes (worker and receiver). */
const ROUNDING_MS = 5;
/**
 * A retry is never early (BullMQ promotes a delayed job only once its delay has passed) and is
 * the schedule's own step, not the next one: later than nominal only by the machine's latency,
 * which a loaded CI machine stretches by hundreds of milliseconds, so the bound is the midpoint
 * to the next step (or half the step again for the last), not a wall-clock tolerance.
 */
const stepBounds = (i: number): [number, number] => {
  const step = SCHEDULE_MS[i];
  const next = SCHEDULE_MS[i + 1] ?? step * 2;
  return [step - ROUNDING_MS, step + (next - step) / 2];
};
/** Gaps between consecutive attempts are the schedule's steps in order (the gaps are in the failure message). */
const expectGaps = (times: number[]) => {
  const gaps = times.slice(1).map((t, i) => t - times[i]);
  const onSchedule = gaps.every((g, i) => g >= stepBounds(i)[0] && g < stepBounds(i)[1]);
  expect({ gaps, onSchedule }).toEqual({ gaps, onSchedule: true });
};

// One payment.confirmed event fanned out to seven endpoints of one Client ID, each receiver
// behaving differently; the whole retry schedule (21 s) runs once for all of them.
describe('webhook delivery to real receivers (real Postgres, Redis, BullMQ)', () => {
  let db: DataSource;
  let worker: INestApplication;
  let jobs: DeliveryJobWatcher;
  let fanOuts: FanOutWatcher;
  let queue: Queue;
  let prefix: string;
  const receivers = new Map<string, TestReceiver>();
  const endpoints = new Map<string, { id: string; secret: string }>();
  let body: string;
  let refusedUrl: string;
  let rejection: { platformId: string; clientId: string; receiver: TestReceiver; firstResult: string; secondResult: string };

  const attempts = async (name: string): Promise<AttemptRow[]> =>
    sqlRows<AttemptRow>(
      db,
      `SELECT a.* FROM webhook_delivery_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.endpoint_id = $1 ORDER BY a.id`,
      [endpoints.get(name)!.id],
    );
  /**
   * When each attempt started, by the worker's clock (stamped before it sends). The receiver's
   * arrival stamps lag by a machine's load, unevenly, so gaps between them may come out short.
   */
  const attemptStarts = async (name: string): Promise<number[]> => (await attempts(name)).map((a) => a.started_at.getTime());
  const delivery = async (name: string) =>
    (
      await sqlRows<{ id: string; status: string; attempt_count: number }>(db, 'SELECT * FROM webhook_deliveries WHERE endpoint_id = $1', [
        endpoints.get(name)!.id,
      ])
    )[0];

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    prefix = uniqueName('whd');
    db = createDataSource(databaseUrl, 4);
    await db.initialize();
    const redirectTarget = await TestReceiver.start();
    receivers.set('redirect-target', redirectTarget);
    const behaviours: Record<string, (req: unknown, i: number) => Reply> = {
      ok: () => ({ status: 200, body: 'thanks' }),
      created: () => ({ status: 201 }),
      redirect: () => ({ status: 302, headers: { location: redirectTarget.url() } }),
      notFound: () => ({ status: 404, body: 'no such hook' }),
      error: () => ({ status: 503, body: 'down for maintenance' }),
      slowFirst: (_req, i) => (i === 0 ? 'hang' : { status: 204 }),
    };
    const platformId = await seedPlatform(db);
    const client = await seedClientId(db, platformId);
    for (const [name, reply] of Object.entries(behaviours)) {
      const receiver = await TestReceiver.start(reply);
      receivers.set(name, receiver);
      endpoints.set(name, await addEndpoint(db, { kind: 'client-id', clientIdId: client.id }, receiver.url()));
    }
    refusedUrl = `http://127.0.0.1:${await freePort()}/hook`;
    endpoints.set('refused', await addEndpoint(db, { kind: 'client-id', clientIdId: client.id }, refusedUrl));
    // access_rejected on another platform whose only endpoint always fails.
    const rejectingPlatform = await seedPlatform(db);
    const rejectingClient = await seedClientId(db, rejectingPlatform);
    const failing = await TestReceiver.start(() => ({ status: 500 }));
    endpoints.set('rejections', await addEndpoint(db, { kind: 'client-id', clientIdId: rejectingClient.id }, failing.url()));

    jobs = await DeliveryJobWatcher.start(testStack().redisUrl, prefix);
    queue = new Queue(QUEUES.webhookDeliveries, { connection: { url: testStack().redisUrl }, prefix });
    worker = await startWorkerInProcess(appEnv(databaseUrl, prefix, { LOG_LEVEL: 'silent', OUTBOX_POLL_INTERVAL_MS: '20' }));
    fanOuts = FanOutWatcher.attach(worker);

    const event = paymentConfirmed({ platformId }, { clientId: client.clientId });
    body = webhookBody('payment.confirmed', event.payload);
    await emit(db, [event]);
    await emit(db, [
      accessRejected({ platformId: rejectingPlatform }, rejectingClient.clientId, 'req-1', '0xAbC0000000000000000000000000000000000001'),
    ]);
    const firstResult = (await fanOuts.result(await lastOutboxId(db))).kind;
    // The same wallet on the same payment while the first notification is still being retried.
    await emit(db, [
      accessRejected({ platformId: rejectingPlatform }, rejectingClient.clientId, 'req-1', '0xabc0000000000000000000000000000000000001'),
    ]);
    const secondResult = (await fanOuts.result(await lastOutboxId(db))).kind;
    rejection = { platformId: rejectingPlatform, clientId: rejectingClient.clientId, receiver: failing, firstResult, secondResult };
    await jobs.finished(8, 60000); // seven endpoints + the first rejection
  }, 90000);

  afterAll(async () => {
    await worker.close();
    await Promise.all([jobs.close(), queue.close(), rejection.receiver.close(), ...[...receivers.values()].map((r) => r.close())]);
    await db.destroy();
  });

  it('POSTs the compact JSON bytes, signed with the endpoint secret (verifiable with a plain HMAC), with the delivery headers', async () => {
    const [request] = receivers.get('ok')!.received;
    expect(request.body).toBe(body);
    expect(request.body).toBe(JSON.stringify(JSON.parse(request.body)));
    const parsed = JSON.parse(request.body) as Record<string, unknown>;
    expect(Object.keys(parsed).slice(0, 3)).toEqual(['event', 'requestId', 'requestID']);
    expect(parsed).not.toHaveProperty('_routing');
    const secret = endpoints.get('ok')!.secret;
    expect(request.headers['x-service-signature']).toBe(createHmac('sha256', secret).update(request.body).digest('hex'));
    // Each registration has its own secret.
    expect(request.headers['x-service-signature']).not.toBe(
      createHmac('sha256', endpoints.get('created')!.secret).update(request.body).digest('hex'),
    );
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['x-service-delivery']).toBe((await delivery('ok')).id);
    expect(request.headers['x-service-delivery']).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(request.headers['x-service-retry-count']).toBe('0');
    expect(request.headers).not.toHaveProperty('x-service-test');
  });

  it('counts any 2xx as delivered at the first attempt (200, 201) and records it', async () => {
    for (const name of ['ok', 'created']) {
      expect(receivers.get(name)!.received).toHaveLength(1);
      expect(await delivery(name)).toMatchObject({ status: 'succeeded', attempt_count: 1 });
    }
    const [attempt] = await attempts('ok');
    expect(attempt).toMatchObject({ retry_count: 0, status_code: 200, error: null, response_body_head: 'thanks', succeeded: true });
    expect(attempt.duration_ms).toBeLessThan(1000);
  });

  it('removes a delivered job from Redis (Postgres is the record); queued again under its id, it sends nothing', async () => {
    const { id } = await delivery('ok');
    expect(jobs.ended.get(id)).toBe('completed');
    expect(await queue.getJobState(id)).toBe('unknown');
    // A stale re-queue (same job id, round 0) finds the delivery succeeded and skips it.
    const events = new QueueEvents(QUEUES.webhookDeliveries, { connection: { url: testStack().redisUrl }, prefix });
    try {
      await events.waitUntilReady();
      const again = await queue.add('payment.confirmed', { deliveryId: id, round: 0, test: false }, { jobId: id });
      expect(await again.waitUntilFinished(events, 20000)).toBe('skipped');
    } finally {
      await events.close();
    }
    expect(receivers.get('ok')!.received).toHaveLength(1);
    expect(await delivery('ok')).toMatchObject({ status: 'succeeded', attempt_count: 1 });
  });

  it('retries a 5xx after 1 s, 5 s and 15 s (never early, never the next step) with retry counts 0-3, same delivery id and bytes, then fails and keeps the job', async () => {
    const received = receivers.get('error')!.received;
    expect(received).toHaveLength(4);
    expectGaps(await attemptStarts('error'));
    expect(received.map((r) => r.headers['x-service-retry-count'])).toEqual(['0', '1', '2', '3']);
    expect(new Set(received.map((r) => r.headers['x-service-delivery'])).size).toBe(1);
    expect(new Set(received.map((r) => r.body))).toEqual(new Set([body]));
    const d = await delivery('error');
    expect(d).toMatchObject({ status: 'failed', attempt_count: 4 });
    expect((await attempts('error')).map((a) => [a.status_code, a.response_body_head, a.succeeded])).toEqual(
      Array(4).fill([503, 'down for maintenance', false]),
    );
    // One job per attempt: the first three completed (each queued the next), the fourth failed for good.
    expect(await queue.getJobState(d.id)).toBe('unknown');
    expect(await queue.getJobState(`${d.id}-a3`)).toBe('failed');
    expect(jobs.ended.get(d.id)).toBe('failed');
    // Kept 7 days for operators, then removed.
    expect((await queue.getJob(`${d.id}-a3`))?.opts.removeOnFail).toEqual({ age: 7 * 24 * 3600 });
  });

  it('treats a 4xx like any failure: retried on the same schedule', async () => {
    const received = receivers.get('notFound')!.received;
    expect(received).toHaveLength(4);
    expectGaps(await attemptStarts('notFound'));
    expect((await attempts('notFound')).map((a) => a.status_code)).toEqual([404, 404, 404, 404]);
  });

  it('does not follow redirects: a 3xx fails the attempt and the Location is never called', async () => {
    expect(receivers.get('redirect')!.received).toHaveLength(4);
    expect(receivers.get('redirect-target')!.received).toHaveLength(0);
    expect((await attempts('redirect')).map((a) => a.status_code)).toEqual([302, 302, 302, 302]);
    expect((await delivery('redirect')).status).toBe('failed');
  });

  it('retries a refused connection on the same schedule, recording the connection error of each attempt', async () => {
    const rows = await attempts('refused');
    expect(rows).toHaveLength(4);
    expect(rows.every((a) => a.status_code === null && /ECONNREFUSED/.test(a.error ?? ''))).toBe(true);
    expectGaps(await attemptStarts('refused'));
    expect((await delivery('refused')).status).toBe('failed');
  });

  it('gives an attempt 5 s, then retries 1 s later', async () => {
    const [first, second] = await attempts('slowFirst');
    expect(first).toMatchObject({ retry_count: 0, status_code: null, error: 'timeout after 5000 ms', succeeded: false });
    // Node timers and Date.now() round to whole milliseconds: the 5 s abort may be measured as 4999 ms.
    expect(first.duration_ms).toBeGreaterThanOrEqual(4995);
    expect(first.duration_ms).toBeLessThan(5000 + 1000);
    expect(second).toMatchObject({ retry_count: 1, status_code: 204, succeeded: true });
    expect(receivers.get('slowFirst')!.received).toHaveLength(2);
    // The 5 s timeout, then the 1 s step: never earlier than 6 s, and not the 5 s step.
    const gap = second.started_at.getTime() - first.started_at.getTime();
    expect(gap).toBeGreaterThanOrEqual(6000 - ROUNDING_MS);
    expect(gap).toBeLessThan(6000 + stepBounds(0)[1] - 1000);
    expect((await delivery('slowFirst')).status).toBe('succeeded');
  });

  it('suppresses a repeated access_rejected for the same wallet and payment, unless every endpoint failed the last one', async () => {
    expect(rejection.firstResult).toBe('queued');
    expect(rejection.secondResult).toBe('suppressed');
    expect(rejection.receiver.received).toHaveLength(4); // the first notification, retried, failed for good
    await emit(db, [
      accessRejected({ platformId: rejection.platformId }, rejection.clientId, 'req-1', '0xabc0000000000000000000000000000000000001'),
    ]);
    expect((await fanOuts.result(await lastOutboxId(db))).kind).toBe('queued');
    const [, , , , fifth] = await rejection.receiver.waitFor(5);
    expect(fifth.headers['x-service-retry-count']).toBe('0');
    expect(fifth.headers['x-service-delivery']).not.toBe(rejection.receiver.received[0].headers['x-service-delivery']);
    expect(JSON.parse(fifth.body)).toMatchObject({ event: 'secure_payment.access_rejected', requestId: 'req-1' });
  });
});
