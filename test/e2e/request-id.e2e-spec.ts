import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDataSource, sqlRows } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { waitFor, type AppHandle } from '@payrail/devstack';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { addEndpoint } from '@payrail/test-support/webhook-worker/fixtures.js';
import { TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { appEnv, createTestDatabase, startTestApp, testStack, uniqueName } from '@payrail/test-support/stack.js';

// The built payments-api and webhook-worker as real processes: the x-request-id of the HTTP call
// that changed something travels in the outbox row, the delivery row and the delivery job, whose
// worker logs it with the attempt.

const logLines = (app: AppHandle): Record<string, unknown>[] =>
  readFileSync(join(testStack().dir, `${app.name}-${new URL(app.url).port}.log`), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the HTTP request id reaches the outbox row and the webhook job (built apps, real processes)', () => {
  const apps: AppHandle[] = [];
  let db: DataSource;
  let env: Record<string, string>;
  let receiver: TestReceiver;

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
    env = appEnv(databaseUrl, uniqueName('rid'), { OUTBOX_POLL_INTERVAL_MS: '50' });
    apps.push(...(await Promise.all((['payments-api', 'webhook-worker'] as const).map((name) => startTestApp(name, env)))));
    receiver = await TestReceiver.start();
  }, 120000);

  afterAll(async () => {
    await Promise.all(apps.map((a) => a.stop()));
    await receiver.close();
    await db.destroy();
  });

  it('stores the id of the PATCH /v2/payer call on its compliance.updated row and the worker logs it with the delivery from the job', async () => {
    const [payments, worker] = apps;
    const tenant = await createTenantIn(env);
    const endpoint = await addEndpoint(db, { kind: 'client-id', clientIdId: tenant.client.id }, receiver.url('/compliance'));
    const call = (method: string, path: string, body: object, requestId?: string) =>
      fetch(`${payments.url}/v2/payer${path}`, {
        method,
        headers: {
          'x-api-key': tenant.apiKey.apiKey,
          'content-type': 'application/json',
          ...(requestId ? { 'x-request-id': requestId } : {}),
        },
        body: JSON.stringify(body),
      });
    const clientUserId = `rid-${Date.now()}`;
    const registered = await call('POST', '', {
      clientUserId,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      beneficiaryType: 'individual',
      dateOfBirth: '1990-12-10',
      addressLine1: '12 Analytical Street',
      city: 'London',
      state: 'Greater London',
      postcode: 'NW1 6XE',
      country: 'GB',
      nationality: 'GB',
      phone: '+447700900123',
    });
    expect(registered.status).toBe(200);
    const requestId = `req-${uniqueName('e2e')}`;
    const patched = await call('PATCH', `/${clientUserId}`, { agreementCompleted: true }, requestId);
    expect(patched.status).toBe(200);
    expect(patched.headers.get('x-request-id')).toBe(requestId);

    const rows = await sqlRows<{ event_type: string; request_id: string | null }>(
      db,
      `SELECT event_type, request_id FROM outbox_events WHERE aggregate_type = 'payer' ORDER BY id`,
    );
    expect(rows).toEqual([{ event_type: 'compliance.updated', request_id: requestId }]);

    await waitFor('the compliance.updated webhook', () => Promise.resolve(receiver.received.length > 0 ? true : undefined), 30000);
    expect(JSON.parse(receiver.received[0].body)).toMatchObject({ event: 'compliance.updated', clientUserId });
    const deliveries = await sqlRows<{ request_id: string | null }>(
      db,
      'SELECT request_id FROM webhook_deliveries WHERE endpoint_id = $1',
      [endpoint.id],
    );
    expect(deliveries).toEqual([{ request_id: requestId }]);
    // The worker logs what it read from the delivery job's data.
    const delivered = await waitFor(
      'the worker log line of the delivery',
      () => Promise.resolve(logLines(worker).find((line) => line.msg === 'webhook delivered')),
      10000,
    );
    expect(delivered).toMatchObject({ requestId, webhookId: endpoint.id, statusCode: 200 });
  });
});
