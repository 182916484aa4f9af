import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookEvent } from '@payrail/domain';
import { createDataSource, sqlRows } from '@payrail/persistence';
import { type VerifiedDelivery, WebhookReceiver } from '@payrail/webhook-receiver';
import type { AppHandle } from '@payrail/devstack';
import express from 'express';
import type { DataSource } from 'typeorm';
import { addEndpoint, emit, paymentConfirmed, seedClientId, seedPlatform } from '@payrail/test-support/webhook-worker/fixtures.js';
import { appEnv, createTestDatabase, startTestApp, uniqueName } from '@payrail/test-support/stack.js';

// The built webhook worker (a real process) delivers real events to an Express app that verifies
// them with @payrail/webhook-receiver, as a platform's server would.

interface Arrival {
  headers: IncomingHttpHeaders;
  body: Buffer;
  status: number;
}

describe('@payrail/webhook-receiver in an Express app, fed by the real webhook worker', () => {
  let db: DataSource;
  let worker: AppHandle;
  let server: Server;
  let url: string;
  let secret: string;
  let receiver: WebhookReceiver;
  const arrivals: Arrival[] = [];
  const handled: VerifiedDelivery[] = [];
  let failNext = 0;
  let platformId: string;
  let client: { id: string; clientId: string };

  const until = async (done: () => boolean, what: string, timeoutMs = 30000) => {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const post = (headers: IncomingHttpHeaders, body: Buffer | string) =>
    fetch(url, {
      method: 'POST',
      headers: Object.fromEntries(
        Object.entries(headers).filter(([k]) => k.startsWith('webhook-') || k.startsWith('x-') || k === 'content-type'),
      ) as Record<string, string>,
      body,
    });

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
    platformId = await seedPlatform(db);
    client = await seedClientId(db, platformId);
    // The port is known before the endpoint is registered: listen first.
    const app = express();
    app.post('/hook', express.raw({ type: 'application/json' }), async (req, res) => {
      const result = await receiver.receive(req.body as Buffer, req.headers, (delivery) => {
        if (failNext > 0 && failNext--) throw new Error('handler failed');
        handled.push(delivery);
      });
      arrivals.push({ headers: req.headers, body: req.body as Buffer, status: result.status });
      res.sendStatus(result.status);
    });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const endpoint = await addEndpoint(db, { kind: 'client-id', clientIdId: client.id }, url);
    secret = endpoint.secret;
    receiver = new WebhookReceiver({ secret });
    worker = await startTestApp('webhook-worker', appEnv(databaseUrl, uniqueName('whr'), { OUTBOX_POLL_INTERVAL_MS: '20' }));
  }, 120000);

  afterAll(async () => {
    await worker?.stop();
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    await db?.destroy();
  });

  it('verifies real deliveries; the body is the interface payload exactly, ordering travels in x-payrail-event-sequence / -occurred-at', async () => {
    const confirmed = paymentConfirmed({ platformId }, { clientId: client.clientId });
    await emit(db, [confirmed]);
    const requestId = confirmed.aggregateId;
    const failed = webhookEvent(
      'payment.failed',
      { aggregateType: 'request', aggregateId: requestId },
      {
        requestId,
        requestID: requestId,
        paymentReference: '0x2c3366941274c34c',
        clientId: client.clientId,
        subStatus: 'x',
        paymentProcessor: 'request-network',
      },
      { platformId },
    );
    await emit(db, [failed]);
    await until(() => handled.length === 2, 'two handled deliveries');
    const outbox = await sqlRows<{ id: string; event_type: string; created_at: Date }>(
      db,
      'SELECT id::text, event_type, created_at FROM outbox_events ORDER BY id',
    );
    const byType = new Map(handled.map((d) => [d.event.event, d]));
    for (const row of outbox) {
      const delivery = byType.get(row.event_type)!;
      expect({ sequence: delivery.sequence, occurredAt: delivery.occurredAt }).toEqual({
        sequence: row.id,
        occurredAt: row.created_at.toISOString(),
      });
    }
    expect(BigInt(byType.get('payment.failed')!.sequence!)).toBeGreaterThan(BigInt(byType.get('payment.confirmed')!.sequence!));
    // The payload keeps its interface fields, in order, and nothing else (the routing key is stripped).
    const interfacePayload = Object.fromEntries(Object.entries(confirmed.payload).filter(([key]) => key !== '_routing'));
    const raw = arrivals.find(
      (a) => a.status === 200 && (JSON.parse(a.body.toString()) as { event: string }).event === 'payment.confirmed',
    )!;
    expect(raw.body.toString()).toBe(JSON.stringify(interfacePayload));
    expect(arrivals.map((a) => a.status)).toEqual([200, 200]);
  });

  it('handles a delivery once when the worker retries it after the handler failed (same id), and refuses replays', async () => {
    failNext = 1;
    const before = handled.length;
    await emit(db, [paymentConfirmed({ platformId }, { clientId: client.clientId })]);
    await until(() => handled.length === before + 1, 'the retried delivery handled');
    const [first, retry] = arrivals.slice(-2);
    expect([first.status, retry.status]).toEqual([500, 200]);
    expect(retry.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(retry.headers['x-service-retry-count']).toBe('1');

    // The same bytes again (a replay within the tolerance): answered 200, not handled again.
    const replay = await post(retry.headers, retry.body);
    expect(replay.status).toBe(200);
    expect(handled.length).toBe(before + 1);
    expect(arrivals.at(-1)!.status).toBe(200);
    // A tampered body: 401.
    const tampered = Buffer.from(retry.body.toString().replace('"100.0"', '"900.0"'));
    expect((await post(retry.headers, tampered)).status).toBe(401);
    // A captured delivery replayed after the tolerance: refused (checked with a receiver whose clock is 6 minutes on).
    const later = new WebhookReceiver({ secret, now: () => Date.now() + 360_000, dedupe: false });
    expect(later.verify(retry.body, retry.headers)).toEqual({ ok: false, reason: 'timestamp-out-of-tolerance' });
    // Another endpoint's secret: refused.
    const stranger = new WebhookReceiver({ secret: 'whsec_' + Buffer.alloc(32, 1).toString('base64') });
    expect(stranger.verify(retry.body, retry.headers)).toEqual({ ok: false, reason: 'no-matching-signature' });
    // The interface signature of the real delivery verifies too.
    expect(new WebhookReceiver({ secret, require: 'both', dedupe: false }).verify(retry.body, retry.headers).ok).toBe(true);
    expect(handled.length).toBe(before + 1);
  });
});
