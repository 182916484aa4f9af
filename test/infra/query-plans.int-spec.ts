import {
  DetectionRepository,
  EventsRepository,
  IdempotencyRepository,
  PaymentSearchRepository,
  PRUNED_KINDS,
  RecordPruningRepository,
  RecurringListingRepository,
  RecurringRepository,
  RequestListingRepository,
  RequestsRepository,
  RetentionRepository,
  RETAINED_KINDS,
  SecurePaymentListingRepository,
  SecurePaymentsRepository,
  streamRequests,
  sqlExecute,
  sqlOne,
  sqlRows,
  WebhookDeliveriesRepository,
  WebhookDeliveryListingRepository,
  WebhookDispatchRepository,
} from '@payrail/persistence';
import { OutboxRelay } from '@payrail/platform';
import { NETWORKS } from '@payrail/chains';
import { createTestDatabase } from '@payrail/test-support/stack.js';
import { capturingDataSource, planOf, seqScannedTables, type CapturedQuery } from '@payrail/test-support/plans/query-capture.js';
import type { EntityManager } from 'typeorm';
import { TransferSettlement } from '../../apps/chain-worker/src/settlement/transfer-settlement.js';
import { seedYear } from '../../tools/seed/src/index.js';

// The hot and list queries of the code, captured as the repositories send them (so this test
// follows the code), planned with EXPLAIN on a seeded, ANALYZEd database: none may read a large
// table sequentially. Small tables (platforms, Client IDs, endpoints, chain cursors) may be.
const LARGE = new Set([
  'requests',
  'payment_transfers',
  'outbox_events',
  'webhook_deliveries',
  'webhook_delivery_attempts',
  'secure_payments',
  'recurring_payments',
  'idempotency_keys',
  'payment_intents',
]);
const LARGE_PLATFORM = 'seedpf000000';
const page0 = () => ({ offset: 0, limit: 20 });
const SMALL_PLATFORM = 'seedpf000003';

describe('query plans on a seeded year (scale 0.02)', () => {
  const url = createTestDatabase();
  let capture: ReturnType<typeof capturingDataSource>;

  beforeAll(async () => {
    capture = capturingDataSource(await url);
    await capture.db.initialize();
    await seedYear(capture.db, { scale: 0.02 });
    await runEveryHotQuery(capture);
  }, 120_000);

  afterAll(async () => {
    await capture?.db.destroy();
  });

  it('captured the statements of every hot and list query (at least one per call)', () => {
    const labels = new Set(capture.captured.map((q) => q.label));
    expect([...CALLS].filter((c) => !labels.has(c))).toEqual([]);
  });

  it('plans no sequential scan of a large table for any of them', async () => {
    const offenders: string[] = [];
    for (const query of capture.captured.filter(touchesLargeTable)) {
      const scanned = seqScannedTables(await planOf(capture.db, query)).filter((t) => LARGE.has(t));
      if (scanned.length > 0) offenders.push(`${query.label}: Seq Scan on ${scanned.join(', ')}\n    ${query.sql.replace(/\s+/g, ' ')}`);
    }
    expect(offenders).toEqual([]);
  });
});

const touchesLargeTable = (q: CapturedQuery) =>
  /^\s*(SELECT|WITH|UPDATE|DELETE|INSERT|DECLARE)/i.test(q.sql) && [...LARGE].some((t) => new RegExp(`\\b${t}\\b`).test(q.sql));

const CALLS = new Set<string>();

async function runEveryHotQuery({ db, during }: ReturnType<typeof capturingDataSource>): Promise<void> {
  /** Each call in its own transaction (the locking reads need one), as the use cases run them. */
  const call = async (label: string, work: (m: EntityManager) => Promise<unknown>) => {
    CALLS.add(label);
    await during(label, () => db.transaction(work));
  };
  const one = async (sql: string, params: unknown[] = []) => (await sqlOne<{ v: string }>(db, sql, params))!.v;
  const requestId = await one(`SELECT id AS v FROM requests WHERE platform_id = $1 AND status = 'paid' ORDER BY id LIMIT 1`, [
    SMALL_PLATFORM,
  ]);
  const clientIdId = await one('SELECT client_id_id AS v FROM requests WHERE id = $1', [requestId]);
  const topic = await one('SELECT reference_topic AS v FROM requests WHERE id = $1', [requestId]);
  const reference = await one('SELECT payment_reference AS v FROM requests WHERE id = $1', [requestId]);
  const network = await one('SELECT network AS v FROM requests WHERE id = $1', [requestId]);
  const endpointId = await one(
    'SELECT endpoint_id AS v FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE e.client_id_id = $1 LIMIT 1',
    [clientIdId],
  );
  const deliveryId = await one('SELECT id AS v FROM webhook_deliveries WHERE endpoint_id = $1 LIMIT 1', [endpointId]);
  const eventId = await one('SELECT outbox_event_id::text AS v FROM webhook_deliveries WHERE id = $1', [deliveryId]);
  const token = await one('SELECT token AS v FROM secure_payments WHERE platform_id = $1 LIMIT 1', [SMALL_PLATFORM]);
  const scheduleId = await one('SELECT id AS v FROM recurring_payments WHERE platform_id = $1 LIMIT 1', [SMALL_PLATFORM]);
  const payer = await one('SELECT from_address AS v FROM payment_transfers WHERE reference_topic = $1', [topic]);
  const owner = { platformId: SMALL_PLATFORM, clientIdId };
  const page = { limit: 50 };
  const now = new Date();

  // Owner-scoped reads (API key / Client ID).
  await call('requests by id', (m) => new RequestsRepository(m).byId(owner, requestId));
  await call('requests by ids', (m) => new RequestsRepository(m).byIds(owner, [requestId]));
  await call('secure payment for owner', (m) => new SecurePaymentsRepository(m).forOwner(owner, token));
  await call('recurring by id', (m) => new RecurringRepository(m).byId(owner, scheduleId));
  await call('recurring executions', (m) => new RecurringRepository(m).executions(scheduleId));
  await call('idempotency key', (m) => new IdempotencyRepository(m).find(`client_id:${clientIdId}`, 'absent'));
  // Webhook delivery history.
  const webhookOwner = { kind: 'client-id' as const, clientIdId };
  await call('deliveries of endpoint', (m) =>
    new WebhookDeliveriesRepository(m).listForEndpoint(webhookOwner, endpointId, { before: null, limit: 50 }),
  );
  await call('delivery of endpoint', (m) => new WebhookDeliveriesRepository(m).findForEndpoint(webhookOwner, endpointId, deliveryId));
  await call('attempts of deliveries', (m) => new WebhookDeliveriesRepository(m).attemptsOf([deliveryId]));
  await call('deliveries for attempts', (m) => new WebhookDispatchRepository(m).loadForAttempts([deliveryId]));
  await call('delivery counts of event', (m) => new WebhookDispatchRepository(m).statusCountsOfEvent(eventId));
  // The dashboard's lists and the export (the same query, streamed), for the large and a small platform.
  for (const platformId of [LARGE_PLATFORM, SMALL_PLATFORM]) {
    await call(`request list ${platformId}`, (m) => new RequestListingRepository(m).list(platformId, {}, page));
    await call(`request list by status ${platformId}`, (m) =>
      new RequestListingRepository(m).list(platformId, { status: 'pending', network }, page),
    );
    await call(`request list by dates ${platformId}`, (m) =>
      new RequestListingRepository(m).list(platformId, { from: new Date(Date.now() - 7 * 86400_000), to: now }, page),
    );
    await call(`request list by payer ${platformId}`, (m) => new RequestListingRepository(m).list(platformId, { payer }, page));
    await call(`request list by reference ${platformId}`, (m) =>
      new RequestListingRepository(m).list(platformId, { paymentReference: reference }, page),
    );
    await call(`request list by merchant reference ${platformId}`, (m) =>
      new RequestListingRepository(m).list(platformId, { reference: 'INV-3' }, page),
    );
    await call(`request list by currency ${platformId}`, (m) =>
      new RequestListingRepository(m).list(platformId, { currency: `USDC-${network}`, status: 'paid' }, page),
    );
    await call(`secure payment list by status ${platformId}`, (m) =>
      new SecurePaymentListingRepository(m).list(platformId, { now, status: 'pending' }, page),
    );
    await call(`recurring list by payer ${platformId}`, (m) =>
      new RecurringListingRepository(m).list(platformId, { payer: '0x' + 'cd'.repeat(20), status: 'active' }, page),
    );
    await call(`delivery log by status ${platformId}`, (m) =>
      new WebhookDeliveryListingRepository(m).list(platformId, { status: 'failed', eventType: 'payment.confirmed' }, page),
    );
    await call(`events by outcome ${platformId}`, (m) =>
      new EventsRepository(m).list({
        platformId,
        types: ['payment.confirmed'],
        withinDays: 90,
        objectId: null,
        outcome: 'failed',
        before: null,
        after: null,
        limit: 50,
      }),
    );
    await call(`request export ${platformId}`, async () => {
      for await (const batch of streamRequests(db, platformId, {}, 100)) if (batch.length > 0) break; // the first batch: the plan is the same
    });
    await call(`volume ${platformId}`, (m) =>
      new RequestListingRepository(m).volume(platformId, new Date(Date.now() - 30 * 86400_000), now),
    );
    // The payments search (GET /v2/payments): broad (a type), by wallet, by dates, by currency, and its bounded count.
    const search = { offset: 0, limit: 21 };
    await call(`payment search by type ${platformId}`, (m) =>
      new PaymentSearchRepository(m).search(platformId, { type: 'direct' }, search),
    );
    await call(`payment search by wallet ${platformId}`, (m) =>
      new PaymentSearchRepository(m).search(platformId, { walletAddress: payer }, search),
    );
    await call(`payment search by dates ${platformId}`, (m) =>
      new PaymentSearchRepository(m).search(
        platformId,
        { type: 'direct', fromDate: new Date(Date.now() - 7 * 86400_000), toDate: now },
        search,
      ),
    );
    await call(`payment search by currency ${platformId}`, (m) =>
      new PaymentSearchRepository(m).search(platformId, { paymentCurrencies: [`USDC-${network}`] }, search),
    );
    // The total of a broad search (a type, a currency: up to 10 000 matches read) is not gated here: at this seeded
    // scale, hashing the whole transfers table is the cheapest way to count half of it. Selective totals are.
    await call(`payment search count by wallet ${platformId}`, (m) =>
      new PaymentSearchRepository(m).count(platformId, { walletAddress: payer }, 10_000),
    );
    await call(`secure payment list ${platformId}`, (m) => new SecurePaymentListingRepository(m).list(platformId, { now }, page));
    await call(`recurring list ${platformId}`, (m) => new RecurringListingRepository(m).list(platformId, {}, page));
    await call(`delivery log ${platformId}`, (m) => new WebhookDeliveryListingRepository(m).list(platformId, {}, page));
    await call(`events ${platformId}`, (m) =>
      new EventsRepository(m).list({
        platformId,
        types: ['payment.confirmed', 'payment.partial'],
        withinDays: 30,
        objectId: null,
        outcome: null,
        before: null,
        after: null,
        limit: 50,
      }),
    );
  }
  const txHash = await one('SELECT tx_hash AS v FROM payment_transfers WHERE reference_topic = $1', [topic]);
  await call('payment search by request', (m) => new PaymentSearchRepository(m).search(SMALL_PLATFORM, { requestId }, page0()));
  await call('payment search by transaction', (m) => new PaymentSearchRepository(m).search(SMALL_PLATFORM, { txHash }, page0()));
  await call('payment search by payment reference', (m) =>
    new PaymentSearchRepository(m).search(SMALL_PLATFORM, { paymentReference: reference }, page0()),
  );
  await call('payment search by merchant reference', (m) =>
    new PaymentSearchRepository(m).search(LARGE_PLATFORM, { reference: 'INV-3' }, page0()),
  );
  await call('payment search next page', async (m) => {
    const repository = new PaymentSearchRepository(m);
    const first = await repository.search(LARGE_PLATFORM, { type: 'direct' }, page0());
    if (first.nextCursor) await repository.search(LARGE_PLATFORM, { type: 'direct' }, { ...page0(), cursor: first.nextCursor });
  });
  await call('request detail', (m) => new RequestListingRepository(m).byId(SMALL_PLATFORM, requestId));
  await call('request transfers', (m) => new RequestListingRepository(m).transfersOf(SMALL_PLATFORM, requestId));
  await call('request deliveries', (m) => new RequestListingRepository(m).deliveriesOf(SMALL_PLATFORM, requestId, 20));
  await call('delivery owner', (m) => new WebhookDeliveryListingRepository(m).deliveryOwner(SMALL_PLATFORM, deliveryId));
  await call('event deliveries', (m) => new EventsRepository(m).deliveriesOf(SMALL_PLATFORM, [eventId]));
  await call('events of object', (m) =>
    new EventsRepository(m).list({
      platformId: SMALL_PLATFORM,
      types: ['payment.confirmed'],
      withinDays: 365,
      objectId: requestId,
      outcome: null,
      before: null,
      after: null,
      limit: 50,
    }),
  );
  // Detection and settlement by reference topic: a new transfer for a seeded request settles.
  await call('known topics', (m) => new DetectionRepository(m).knownTopics(network, [topic, `0x${'ab'.repeat(32)}`]));
  await call('known blocks', (m) => new DetectionRepository(m).knownBlocks(network, 30_000_000, 64));
  await sqlExecute(
    db,
    `INSERT INTO payment_transfers (network, contract, tx_hash, log_index, block_number, block_hash, block_timestamp, reference_topic, token,
       to_address, from_address, amount, fee_amount, fee_address)
     SELECT network, contract, '0x' || md5('late'), 1, block_number + 100, block_hash, block_timestamp, reference_topic, token, to_address,
            from_address, 1, 0, fee_address FROM payment_transfers WHERE reference_topic = $1`,
    [topic],
  );
  await call('settlement', () => new TransferSettlement(db, NETWORKS).settle(network, 1e12));
  await call('secure payments of request', (m) => new SecurePaymentsRepository(m).settleForRequest(requestId));
  // A block of 500 payments asks at once which of its requests secure payments cover.
  const blockOfRequests = (await sqlRows<{ id: string }>(db, 'SELECT id FROM requests ORDER BY created_at DESC, id LIMIT 500')).map(
    (r) => r.id,
  );
  await call('secure payments covering a block of requests', (m) => new SecurePaymentsRepository(m).requestsCovered(blockOfRequests));
  // The outbox relay and the sweepers.
  await call('outbox relay', () =>
    new OutboxRelay(db, { publish: () => Promise.resolve() }, { batchSize: 100, lockNamespace: 1 }).relayOnce(),
  );
  await call('recurring executor scan', (m) => new RecurringRepository(m).activeIds('sepolia', 100));
  await call('expiry sweep', (m) => new SecurePaymentsRepository(m).expireDue(now, 10));
  for (const kind of PRUNED_KINDS) await call(`pruning ${kind}`, (m) => new RecordPruningRepository(m).deleteBatch(kind, 30, 10));
  for (const kind of RETAINED_KINDS) await call(`retention ${kind}`, (m) => new RetentionRepository(m).deleteBatch(kind, 90, 10));
}
