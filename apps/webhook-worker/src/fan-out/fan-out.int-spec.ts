import type { INestApplication } from '@nestjs/common';
import { EVENT_RECIPIENTS, testPayload, WEBHOOK_EVENT_NAMES, webhookEvent, type WebhookEventName } from '@payrail/domain';
import { createDataSource, sqlRows } from '@payrail/persistence';
import { type DomainEventJob, domainEventJobId, QUEUES } from '@payrail/platform';
import { Queue, QueueEvents } from 'bullmq';
import type { DataSource } from 'typeorm';
import { appEnv, createTestDatabase, testStack, uniqueName } from '@payrail/test-support/stack.js';
import { FanOutWatcher, lastOutboxId, readOutboxEvent } from '@payrail/test-support/webhook-worker/domain-event-watcher.js';
import { DeliveryJobWatcher } from '@payrail/test-support/webhook-worker/queue-events.js';
import {
  addEndpoint,
  emit,
  paymentConfirmed,
  seedClientId,
  seedOrchestrator,
  seedPlatform,
} from '@payrail/test-support/webhook-worker/fixtures.js';
import { TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { startWorkerInProcess } from '@payrail/test-support/webhook-worker/worker.js';
import { FanOutEvent } from './fan-out-event.use-case.js';

describe('fan-out: who receives each event (real Postgres, Redis, BullMQ)', () => {
  let db: DataSource;
  let worker: INestApplication;
  let fanOuts: FanOutWatcher;
  let jobs: DeliveryJobWatcher;
  let prefix: string;
  let receiver: TestReceiver;
  let platformId: string;
  let c1: { id: string; clientId: string };
  let o1: { id: string };
  /** Endpoint id -> name. */
  const names = new Map<string, string>();
  /** Client IDs that are not active, by status: their endpoints must receive nothing. */
  const unusable = new Map<string, { id: string; clientId: string }>();

  const endpointNamesOf = async (outboxId: string): Promise<string[]> => {
    const rows = await sqlRows<{ endpoint_id: string }>(db, 'SELECT endpoint_id FROM webhook_deliveries WHERE outbox_event_id = $1', [
      outboxId,
    ]);
    return rows.map((r) => names.get(r.endpoint_id) ?? r.endpoint_id).sort();
  };
  /** Writes one event, waits for its fan-out, returns its outbox id. */
  const fanOut = async (event: Parameters<typeof emit>[1][number]) => {
    await emit(db, [event]);
    const outboxId = await lastOutboxId(db);
    return { outboxId, result: await fanOuts.result(outboxId) };
  };

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    prefix = uniqueName('whf');
    db = createDataSource(databaseUrl, 4);
    await db.initialize();
    receiver = await TestReceiver.start();
    platformId = await seedPlatform(db);
    c1 = await seedClientId(db, platformId);
    const c2 = await seedClientId(db, platformId);
    for (const status of ['inactive', 'restricted', 'revoked']) unusable.set(status, await seedClientId(db, platformId, status));
    const otherPlatform = await seedPlatform(db);
    const c4 = await seedClientId(db, otherPlatform);
    o1 = await seedOrchestrator(db);
    const o2 = await seedOrchestrator(db);
    const add = async (name: string, owner: Parameters<typeof addEndpoint>[1], active = true) =>
      names.set((await addEndpoint(db, owner, receiver.url(`/${name}`), { active })).id, name);
    await add('c1', { kind: 'client-id', clientIdId: c1.id });
    await add('c1-inactive', { kind: 'client-id', clientIdId: c1.id }, false);
    await add('c2', { kind: 'client-id', clientIdId: c2.id });
    for (const [status, client] of unusable) await add(status, { kind: 'client-id', clientIdId: client.id });
    await add('other-platform', { kind: 'client-id', clientIdId: c4.id });
    await add('o1', { kind: 'orchestrator', orchestratorId: o1.id });
    await add('o1-inactive', { kind: 'orchestrator', orchestratorId: o1.id }, false);
    await add('o2', { kind: 'orchestrator', orchestratorId: o2.id });
    jobs = await DeliveryJobWatcher.start(testStack().redisUrl, prefix);
    worker = await startWorkerInProcess(appEnv(databaseUrl, prefix, { LOG_LEVEL: 'silent', OUTBOX_POLL_INTERVAL_MS: '20' }));
    fanOuts = FanOutWatcher.attach(worker);
  });

  afterAll(async () => {
    await worker.close();
    await Promise.all([jobs.close(), receiver.close()]);
    await db.destroy();
  });

  it.each(WEBHOOK_EVENT_NAMES)('%s goes to the recipients of the spec table, active endpoints only', async (name: WebhookEventName) => {
    const payload = testPayload(name, { clientId: c1.clientId, orchestratorId: o1.id }, new Date());
    const { outboxId } = await fanOut(webhookEvent(name, { aggregateType: 'test', aggregateId: name }, payload, { platformId }));
    const withClientId = 'clientId' in payload;
    const expected = [
      ...(EVENT_RECIPIENTS[name].platform ? (withClientId ? ['c1'] : ['c1', 'c2']) : []),
      ...(EVENT_RECIPIENTS[name].orchestrator && 'orchestratorId' in payload ? ['o1'] : []),
    ];
    expect(await endpointNamesOf(outboxId)).toEqual(expected.sort());
  });

  it("sends an event created with an API key (no clientId) to every active Client ID of its platform (not inactive, restricted or revoked ones), never another platform's", async () => {
    const { outboxId, result } = await fanOut(paymentConfirmed({ platformId }, {}));
    expect(result).toEqual({ kind: 'queued', deliveries: 2 });
    expect(await endpointNamesOf(outboxId)).toEqual(['c1', 'c2']);
  });

  it.each(['inactive', 'restricted', 'revoked'])(
    'sends nothing to the endpoints of a %s Client ID, even for its own events',
    async (status) => {
      const { outboxId, result } = await fanOut(paymentConfirmed({ platformId }, { clientId: unusable.get(status)!.clientId }));
      expect(result).toEqual({ kind: 'no-recipients' });
      expect(await endpointNamesOf(outboxId)).toEqual([]);
    },
  );

  it("sends a payment created through an orchestrator to the platform's Client ID and that orchestrator only", async () => {
    const { outboxId } = await fanOut(paymentConfirmed({ platformId }, { clientId: c1.clientId, orchestratorId: o1.id }));
    expect(await endpointNamesOf(outboxId)).toEqual(['c1', 'o1']);
    const direct = await fanOut(paymentConfirmed({ platformId }, { clientId: c1.clientId }));
    expect(await endpointNamesOf(direct.outboxId)).toEqual(['c1']);
  });

  it('ignores domain events that are not webhook events, and events nobody listens to', async () => {
    expect((await fanOut({ type: 'tenancy.changed', aggregateType: 't', aggregateId: 't', payload: {} })).result).toEqual({
      kind: 'not-a-webhook-event',
    });
    const nobody = paymentConfirmed({ platformId: 'no-such-platform' }, {});
    expect((await fanOut(nobody)).result).toEqual({ kind: 'no-recipients' });
  });

  it('a domain-event job delivered again, or fanned out twice at once, creates no second delivery and sends nothing twice', async () => {
    const { outboxId } = await fanOut(paymentConfirmed({ platformId }, { clientId: c1.clientId }));
    const [row] = await sqlRows<{ id: string }>(db, 'SELECT id FROM webhook_deliveries WHERE outbox_event_id = $1', [outboxId]);
    expect(await jobs.job(row.id)).toBe('completed');
    const published = await readOutboxEvent(db, outboxId);
    // Again through the queue under another job id (as after the relay's dedup window), then twice at once.
    const queue = new Queue<DomainEventJob>(QUEUES.domainEvents, { connection: { url: testStack().redisUrl }, prefix });
    const events = new QueueEvents(QUEUES.domainEvents, { connection: { url: testStack().redisUrl }, prefix });
    await events.waitUntilReady();
    const job = await queue.add(published.type, published, { jobId: `redelivered-${outboxId}` });
    expect(await job.waitUntilFinished(events, 20000)).toEqual({ kind: 'queued', deliveries: 0 });
    await Promise.all([queue.close(), events.close()]);
    const twice = await Promise.all([worker.get(FanOutEvent).execute(published), worker.get(FanOutEvent).execute(published)]);
    expect(twice).toEqual([
      { kind: 'queued', deliveries: 0 },
      { kind: 'queued', deliveries: 0 },
    ]);
    expect(await endpointNamesOf(outboxId)).toEqual(['c1']);
    expect(receiver.received.filter((r) => r.headers['x-service-delivery'] === row.id)).toHaveLength(1);
  });

  it('fans events out in the relay, without a domain-events job; an event whose fan-out fails goes to domain-events and is retried there', async () => {
    const queue = new Queue<DomainEventJob>(QUEUES.domainEvents, { connection: { url: testStack().redisUrl }, prefix });
    const jobIds = async () => (await queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed'])).map((j) => j.id);
    const before = await jobIds();
    const handedOver = await fanOut(paymentConfirmed({ platformId }, { clientId: c1.clientId }));
    expect(handedOver.result).toEqual({ kind: 'queued', deliveries: 1 });
    expect(await jobIds()).toEqual(before);

    // The next fan-out of one event fails once (as a lost database connection would).
    const fanOutEvent = worker.get(FanOutEvent);
    const execute = fanOutEvent.execute;
    let failures = 0;
    fanOutEvent.execute = (event) => (failures++ === 0 ? Promise.reject(new Error('connection lost')) : execute.call(fanOutEvent, event));
    try {
      const { outboxId, result } = await fanOut(paymentConfirmed({ platformId }, { clientId: c1.clientId }));
      expect(result).toEqual({ kind: 'queued', deliveries: 1 });
      expect(failures).toBe(2);
      const job = await queue.getJob(domainEventJobId(outboxId));
      expect(job?.data.outboxId).toBe(outboxId);
      expect(await endpointNamesOf(outboxId)).toEqual(['c1']);
      const [row] = await sqlRows<{ id: string }>(db, 'SELECT id FROM webhook_deliveries WHERE outbox_event_id = $1', [outboxId]);
      expect(await jobs.job(row.id)).toBe('completed');
      expect(await sqlRows(db, 'SELECT published_at IS NOT NULL AS published FROM outbox_events WHERE id = $1', [outboxId])).toEqual([
        { published: true },
      ]);
    } finally {
      fanOutEvent.execute = execute;
      await queue.close();
    }
  });
});
