import { webhookEvent } from '@payrail/domain';
import { createDataSource, sqlExecute, sqlRows } from '@payrail/persistence';
import { SessionStore } from '@payrail/platform';
import type { DataSource } from 'typeorm';
import { ulid } from 'ulid';
import { startInProcessApi, type InProcessApi } from '@payrail/test-support/in-process.js';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { createOrchestrator, createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { addEndpoint, emit, paymentConfirmed } from '@payrail/test-support/webhook-worker/fixtures.js';
import { PaymentsApiModule } from '../app.module.js';

interface EventJson {
  id: string;
  type: string;
  object: { type: string; id: string };
  occurredAt: string;
  outcome: string;
  payload: Record<string, unknown>;
  deliveries: { id: string; webhookId: string; url: string; clientId: string; status: string; attemptCount: number }[];
}
interface Page {
  data: EventJson[];
  nextCursor: string | null;
}

// GET /v2/events (API key or session) over real Postgres and HTTP:
// events written to the outbox as features write them, deliveries as the worker records them.
describe('events API', () => {
  let api: InProcessApi;
  let db: DataSource;
  let a: Awaited<ReturnType<typeof createTenant>>;
  let b: Awaited<ReturnType<typeof createTenant>>;
  let session: string;
  let orchestratorKey: string;
  const events: string[] = []; // outbox ids of platform A's 25 payment.confirmed events, oldest first
  let failedEventId: string;
  let objectId: string;
  const endpoints: Record<string, { id: string }> = {};

  const get = async (path: string, headers: Record<string, string>) => {
    const res = await fetch(`${api.url}${path}`, { headers });
    return { status: res.status, body: (await res.json()) as Page & { message?: string } };
  };
  const byKey = (path: string) => get(path, { 'x-api-key': a.apiKey.apiKey });
  const delivery = (endpointId: string, eventId: string, status: string) =>
    sqlExecute(
      db,
      `INSERT INTO webhook_deliveries (id, endpoint_id, outbox_event_id, event_type, body, status, attempt_count) VALUES ($1, $2, $3, 'payment.confirmed', '{}', $4, 1)`,
      [ulid(), endpointId, eventId, status],
    );

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    api = await startInProcessApi(
      PaymentsApiModule.forRoot(appEnv(databaseUrl, uniqueName('evt'), { LOG_LEVEL: 'silent', RATE_LIMIT_MULTIPLIER: '100' })),
    );
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
    a = await createTenant(api.app);
    b = await createTenant(api.app);
    const orchestrator = await createOrchestrator(api.app);
    orchestratorKey = orchestrator.orchestratorKey;
    session = (
      await api.app.get(SessionStore, { strict: false }).create({
        kind: 'email',
        userId: 'user-1',
        platformId: a.platform.id,
        walletAddress: null,
        email: 'ops@shop.example',
      })
    ).token;
    for (let i = 0; i < 25; i++) await emit(db, [paymentConfirmed({ platformId: a.platform.id }, { clientId: a.client.clientId })]);
    objectId = `01${'f'.repeat(64)}`;
    await emit(db, [
      webhookEvent(
        'payment.failed',
        { aggregateType: 'request', aggregateId: objectId },
        {
          requestId: objectId,
          requestID: objectId,
          paymentReference: '0xab',
          clientId: a.client.clientId,
          subStatus: 'x',
          paymentProcessor: 'request-network',
        },
        { platformId: a.platform.id },
      ),
    ]);
    await emit(db, [paymentConfirmed({ platformId: b.platform.id }, { clientId: b.client.clientId })]);
    const rows = await sqlRows<{ id: string; platform: string; type: string }>(
      db,
      `SELECT id::text, payload #>> '{_routing,platformId}' AS platform, event_type AS type FROM outbox_events o ORDER BY o.id`,
    );
    events.push(...rows.filter((r) => r.platform === a.platform.id && r.type === 'payment.confirmed').map((r) => r.id));
    failedEventId = rows.find((r) => r.type === 'payment.failed')!.id;
    // An event older than 30 days: kept (retention is 90 days) but not listed.
    await emit(db, [paymentConfirmed({ platformId: a.platform.id }, { clientId: a.client.clientId })]);
    await sqlExecute(db, `UPDATE outbox_events SET created_at = now() - interval '31 days' WHERE id = (SELECT max(id) FROM outbox_events)`);
    const clientIdId = (await sqlRows<{ id: string }>(db, 'SELECT id FROM client_ids WHERE client_id = $1', [a.client.clientId]))[0].id;
    endpoints.one = await addEndpoint(db, { kind: 'client-id', clientIdId }, 'https://one.example/hook');
    endpoints.two = await addEndpoint(db, { kind: 'client-id', clientIdId }, 'https://two.example/hook');
    endpoints.orchestrator = await addEndpoint(db, { kind: 'orchestrator', orchestratorId: orchestrator.id }, 'https://orch.example/hook');
    // Outcomes: events[0] succeeded on both, events[1] one failed + one succeeded, events[2] pending + failed, the rest none.
    await delivery(endpoints.one.id, events[0], 'succeeded');
    await delivery(endpoints.two.id, events[0], 'succeeded');
    await delivery(endpoints.one.id, events[1], 'failed');
    await delivery(endpoints.two.id, events[1], 'succeeded');
    await delivery(endpoints.one.id, events[2], 'pending');
    await delivery(endpoints.two.id, events[2], 'failed');
    await delivery(endpoints.orchestrator.id, events[3], 'failed'); // not the platform's: event 3 stays "none"
  }, 60000);

  afterAll(async () => {
    await api?.close();
    await db?.destroy();
  });

  it('pages through every event of the last 30 days, newest first, with a keyset cursor: no overlap, no gap, null at the end', async () => {
    const ids: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const page = await byKey(`/v2/events?limit=10${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      sizes.push(page.body.data.length);
      ids.push(...page.body.data.map((e) => e.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([10, 10, 6]);
    expect(ids).toEqual([failedEventId, ...events].sort((x, y) => Number(BigInt(y) - BigInt(x))));
  });

  it('shows an event with its object, the delivered payload (no routing) and one delivery per endpoint of the platform', async () => {
    const page = await byKey(`/v2/events?limit=100`);
    const first = page.body.data.find((e) => e.id === events[0])!;
    expect(first).toMatchObject({ type: 'payment.confirmed', object: { type: 'request' }, outcome: 'succeeded' });
    expect(first.payload.event).toBe('payment.confirmed');
    expect(Object.keys(first.payload)[0]).toBe('event');
    expect(first.payload).not.toHaveProperty('_routing');
    expect(first.payload.requestId).toBe(first.object.id);
    expect(first.deliveries.map((d) => [d.url, d.status, d.clientId]).sort()).toEqual([
      ['https://one.example/hook', 'succeeded', a.client.clientId],
      ['https://two.example/hook', 'succeeded', a.client.clientId],
    ]);
    const orchestrated = page.body.data.find((e) => e.id === events[3])!;
    expect({ outcome: orchestrated.outcome, deliveries: orchestrated.deliveries }).toEqual({ outcome: 'none', deliveries: [] });
  });

  it('filters by type, object id and delivery outcome, and lists only events newer than `after`', async () => {
    const ids = async (query: string) => (await byKey(`/v2/events?limit=100&${query}`)).body.data.map((e) => e.id);
    expect(await ids('type=payment.failed')).toEqual([failedEventId]);
    expect(await ids(`objectId=${objectId}`)).toEqual([failedEventId]);
    expect(await ids('outcome=succeeded')).toEqual([events[0]]);
    expect(await ids('outcome=failed')).toEqual([events[1]]);
    expect(await ids('outcome=pending')).toEqual([events[2]]);
    expect((await ids('outcome=none')).length).toBe(23);
    expect(await ids(`after=${events[22]}`)).toEqual([failedEventId, events[24], events[23]]);
    expect(await ids('type=payment.confirmed&outcome=failed')).toEqual([events[1]]);
  });

  it("shows a platform only its own events: another platform's key sees its one event", async () => {
    const other = await get('/v2/events', { 'x-api-key': b.apiKey.apiKey });
    expect(other.body.data.map((e) => e.deliveries.length)).toEqual([0]);
    expect(other.body.data).toHaveLength(1);
    expect(events).not.toContain(other.body.data[0].id);
  });

  it('GET /v2/events answers the same page to the platform account session', async () => {
    const viaSession = await get('/v2/events?limit=5', { authorization: `Bearer ${session}` });
    expect(viaSession.status).toBe(200);
    expect(viaSession.body).toEqual((await byKey('/v2/events?limit=5')).body);
  });

  it('refuses missing or wrong credentials: 401 without or with an invalid one, 403 with a valid one of another kind', async () => {
    const statuses = await Promise.all([
      get('/v2/events', {}),
      get('/v2/events', { 'x-api-key': 'pk_live_nonsense' }),
      get('/v2/events', { 'x-orchestrator-key': orchestratorKey }),
      get('/v2/events', { authorization: 'Bearer nonsense' }),
      get('/v2/events', { 'x-client-id': a.client.clientId }),
    ]);
    expect(statuses.map((s) => s.status)).toEqual([401, 401, 403, 401, 403]);
  });

  it('answers 400 to a limit outside 1-100, an unknown type or outcome and a cursor that is not an event id', async () => {
    for (const query of ['limit=0', 'limit=101', 'type=payment.nope', 'outcome=lost', 'cursor=abc', 'after=-1']) {
      const res = await byKey(`/v2/events?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
    }
  });
});
