import { createDataSource } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import type { AppHandle } from '@payrail/devstack';
import { addEndpoint, emit, paymentConfirmed, seedClientId, seedPlatform } from '@payrail/test-support/webhook-worker/fixtures.js';
import { TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { appEnv, createTestDatabase, startTestApp, uniqueName } from '@payrail/test-support/stack.js';

const FAST_EVENTS = 150;
const FAST_PER_SECOND = 50;
/** Enough 4-second deliveries to hold every one of the worker's 200 slots for 12 s if nothing limited them. */
const SLOW_EVENTS = 600;
/** How long the slow receiver takes to answer. */
const SLOW_ANSWER_MS = 4000;

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1];

// Issue #22 item 4: per-endpoint limits keep one slow receiver from delaying another's deliveries.
describe('one slow receiver does not delay another endpoint (built webhook-worker, real processes)', () => {
  let db: DataSource;
  let worker: AppHandle;
  let fast: TestReceiver;
  let slow: TestReceiver;
  let fastTenant: { platformId: string; clientId: string };
  let slowTenant: { platformId: string; clientId: string };

  const tenant = async (url: string) => {
    const platformId = await seedPlatform(db);
    const client = await seedClientId(db, platformId);
    await addEndpoint(db, { kind: 'client-id', clientIdId: client.id }, url);
    return { platformId, clientId: client.clientId };
  };

  /** Emits FAST_EVENTS for the fast endpoint, one per transaction at FAST_PER_SECOND; returns commit-to-receiver latencies. */
  const fastLatencies = async (): Promise<number[]> => {
    const sent = new Map<string, number>();
    const before = fast.received.length;
    for (let i = 0; i < FAST_EVENTS; i++) {
      const event = paymentConfirmed({ platformId: fastTenant.platformId }, { clientId: fastTenant.clientId });
      await emit(db, [event]);
      sent.set(event.aggregateId, Date.now());
      await new Promise((resolve) => setTimeout(resolve, 1000 / FAST_PER_SECOND));
    }
    await fast.waitFor(before + FAST_EVENTS, 60000);
    return fast.received.slice(before).map((r) => r.at - sent.get((JSON.parse(r.body) as { requestId: string }).requestId)!);
  };

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    db = createDataSource(databaseUrl, 4);
    await db.initialize();
    fast = await TestReceiver.start(() => ({ status: 200 }));
    slow = await TestReceiver.start(() => ({ status: 200, delayMs: SLOW_ANSWER_MS }));
    fastTenant = await tenant(fast.url());
    slowTenant = await tenant(slow.url());
    // The defaults: 200 attempts in flight per worker, at most 50 of them for one endpoint (25%).
    worker = await startTestApp(
      'webhook-worker',
      appEnv(databaseUrl, uniqueName('whiso'), { LOG_LEVEL: 'warn', OUTBOX_POLL_INTERVAL_MS: '20' }),
    );
  }, 60000);

  afterAll(async () => {
    await worker.stop();
    await Promise.all([fast.close(), slow.close()]);
    await db.destroy();
  });

  it("keeps the fast endpoint's p99 well under a slow answer while a receiver answering after 4 s has 600 deliveries queued", async () => {
    await fastLatencies(); // warm-up: connections, JIT
    const alone = await fastLatencies();
    await emit(
      db,
      Array.from({ length: SLOW_EVENTS }, () => paymentConfirmed({ platformId: slowTenant.platformId }, { clientId: slowTenant.clientId })),
    );
    await slow.waitFor(40, 20000); // the slow endpoint is busy: its first attempts are in flight
    const beside = await fastLatencies();
    const inFlightAtSlow = slow.received.length;
    // Isolation: a fast delivery never waits for a slow answer. One stuck behind the slow endpoint's
    // jobs waits SLOW_ANSWER_MS or more (11.5 s measured without the limit); beside them the fast p99
    // stays well under it on 2 loaded cores (its p99 alone is 20-130 ms; 1.4 s seen beside at load 4).
    // A bound relative to `alone` failed on loaded CI machines without any loss of isolation.
    expect({ alone: p99(alone), beside: p99(beside), belowSlowAnswer: p99(beside) < SLOW_ANSWER_MS - 1000 }).toEqual({
      alone: p99(alone),
      beside: p99(beside),
      belowSlowAnswer: true,
    });
    // The slow endpoint was held to its limit, not starved: it kept receiving meanwhile.
    expect(inFlightAtSlow).toBeGreaterThan(40);
    expect(inFlightAtSlow).toBeLessThan(SLOW_EVENTS);
  }, 120000);
});
