import { randomUUID } from 'node:crypto';
import { sqlRows } from '@payrail/persistence';
import type { FieldCipher } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { startInProcessApi, type InProcessApi } from '@payrail/test-support/in-process.js';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { PaymentsApiModule } from '../app.module.js';
import { PAYER_IDENTITY_CIPHER } from './payer.tokens.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';

const identity = (clientUserId: string) => ({
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

describe('payer compliance (GET/POST/PATCH /v2/payer) with the sandbox provider', () => {
  let api: InProcessApi;
  let databaseUrl: string;
  let mine: Awaited<ReturnType<typeof createTenant>>;
  let theirs: Awaited<ReturnType<typeof createTenant>>;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    api = await startInProcessApi(
      PaymentsApiModule.forRoot(appEnv(databaseUrl, uniqueName('payer'), { LOG_LEVEL: 'silent', PUBLIC_URL: 'http://payrail.test' })),
    );
    [mine, theirs] = [await createTenant(api.app), await createTenant(api.app)];
  });
  afterAll(() => api.close());

  const call = (key: string, method: string, path: string, body?: object) =>
    fetch(`${api.url}/v2/payer${path}`, {
      method,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
  const sandbox = (url: string) => url.replace('http://payrail.test', api.url);
  const query = <T extends object>(sql: string, params: unknown[]): Promise<T[]> => sqlRows<T>(api.app.get(DataSource), sql, params);

  it('answers an unknown payer with the exact 404 body, e-mail ids URL-encoded', async () => {
    const res = await call(mine.apiKey.apiKey, 'GET', `/${encodeURIComponent('nobody+tag@example.com')}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      statusCode: 404,
      message: 'Payer with client user ID nobody+tag@example.com not found',
      error: 'Not Found',
    });
  });

  it('registers a payer (200), stores the identity only encrypted, and hides it from other platforms', async () => {
    const id = `ada+${Date.now()}@example.com`;
    const res = await call(mine.apiKey.apiKey, 'POST', '', identity(id));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { kycUrl: string; agreementUrl: string; status: object; userId: string };
    expect(body.status).toEqual({ kycStatus: 'not_started', agreementStatus: 'not_started' });
    expect(body.userId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(body.kycUrl).toMatch(/^http:\/\/payrail\.test\/sandbox\/compliance\/kyc\/[A-Za-z0-9_-]{32}$/);
    const record = await call(mine.apiKey.apiKey, 'GET', `/${encodeURIComponent(id)}`);
    expect(await record.json()).toEqual({
      kycStatus: 'not_started',
      agreementStatus: 'not_started',
      isCompliant: false,
      userId: body.userId,
    });
    const [row] = await query<Record<string, string>>('SELECT * FROM payers WHERE id = $1', [body.userId]);
    // The identity is only in identity_encrypted, as AES-GCM bound to this row: decrypting it gives
    // back what was sent, and it does not decrypt as another row's (asserted by decryption, not by
    // absent substrings: random base64 contains short names now and then).
    const { identity_encrypted: encrypted, kyc_session: kycSession, agreement_session: agreementSession, ...plain } = row;
    // The sessions are random tokens (the provider's links), checked by form; every other column by content.
    for (const session of [kycSession, agreementSession]) expect(session).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const { clientUserId, ...sent } = identity(id); // the client user id is stored in clear (the platform's own id)
    const cipher = api.app.get<FieldCipher>(PAYER_IDENTITY_CIPHER);
    expect(encrypted).toMatch(/^v1:[^:]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$/);
    expect(JSON.parse(cipher.decrypt(encrypted, body.userId))).toEqual(sent);
    expect(plain.client_user_id).toBe(clientUserId);
    expect(() => cipher.decrypt(encrypted, randomUUID())).toThrow();
    const stored = JSON.stringify(plain);
    for (const personal of ['Ada', 'Lovelace', 'ada@example.com', '1990-12-10', '+447700900123', 'Analytical'])
      expect(stored).not.toContain(personal);
    expect((await call(theirs.apiKey.apiKey, 'GET', `/${encodeURIComponent(id)}`)).status).toBe(404);
    expect((await call(theirs.apiKey.apiKey, 'PATCH', `/${encodeURIComponent(id)}`, { agreementCompleted: true })).status).toBe(404);
  });

  it.each([
    ['country', { country: 'XX' }],
    ['nationality', { nationality: 'GBR' }],
    ['phone', { phone: '07700 900123' }],
    ['dateOfBirth', { dateOfBirth: '2999-01-01' }],
    ['dateOfBirth', { dateOfBirth: '1990-02-30' }],
    ['email', { email: 'not-an-email' }],
    ['firstName', { firstName: '' }],
    ['beneficiaryType', { beneficiaryType: 'robot' }],
  ])('answers an invalid %s with 400 naming it', async (field, override) => {
    const res = await call(mine.apiKey.apiKey, 'POST', '', { ...identity(`bad-${field}`), ...override });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual([field]);
  });

  it('walks the sandbox flow from not_started to compliant, emitting compliance.updated in order', async () => {
    const id = `flow-${Date.now()}`;
    const { kycUrl, agreementUrl, userId } = (await (await call(mine.apiKey.apiKey, 'POST', '', identity(id))).json()) as {
      kycUrl: string;
      agreementUrl: string;
      userId: string;
    };
    const page = await fetch(sandbox(kycUrl));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Identity verification (sandbox)');
    const decided = await fetch(sandbox(kycUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'approved' }),
    });
    expect(await decided.json()).toEqual({ status: 'approved' });
    expect((await fetch(sandbox(agreementUrl))).status).toBe(200);
    const patched = await call(mine.apiKey.apiKey, 'PATCH', `/${id}`, { agreementCompleted: true });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toEqual({ success: true });
    expect(await (await call(mine.apiKey.apiKey, 'GET', `/${id}`)).json()).toEqual({
      kycStatus: 'completed',
      agreementStatus: 'completed',
      isCompliant: true,
      userId,
    });

    const events = await query<{ event_type: string; payload: Record<string, unknown> }>(
      `SELECT event_type, payload FROM outbox_events WHERE aggregate_type = 'payer' AND aggregate_id = $1 ORDER BY id`,
      [userId],
    );
    expect(events.map((e) => e.event_type)).toEqual(Array(4).fill('compliance.updated'));
    // The event speaks the payer record's vocabulary: an approved KYC is `completed`, never `approved`.
    expect(events.map((e) => [e.payload.kycStatus, e.payload.agreementStatus, e.payload.isCompliant])).toEqual([
      ['pending', 'not_started', false],
      ['completed', 'not_started', false],
      ['completed', 'pending', false],
      ['completed', 'completed', true],
    ]);
    expect(events[3].payload).toMatchObject({
      event: 'compliance.updated',
      clientUserId: id,
      timestamp: expect.any(String),
      rawPayload: { source: 'api' },
    });
    expect(events[1].payload.rawPayload).toEqual({ provider: 'sandbox', step: 'kyc', outcome: 'approved' });
    // A repeated result changes nothing and emits nothing.
    await fetch(sandbox(kycUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'approved' }),
    });
    await fetch(sandbox(kycUrl));
    expect(await query('SELECT 1 FROM outbox_events WHERE aggregate_id = $1', [userId])).toHaveLength(4);
  });

  it('rejects an unknown outcome and an unknown session', async () => {
    const { kycUrl } = (await (await call(mine.apiKey.apiKey, 'POST', '', identity(`o-${Date.now()}`))).json()) as { kycUrl: string };
    const bad = await fetch(sandbox(kycUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'completed' }),
    });
    expect(bad.status).toBe(400);
    expect((await fetch(`${api.url}/sandbox/compliance/kyc/unknownsession`)).status).toBe(404);
  });

  it('requires an API key: a valid Client ID is 403 (valid, not allowed here)', async () => {
    const res = await fetch(`${api.url}/v2/payer/someone`, { headers: { 'x-client-id': mine.client.clientId } });
    expect(res.status).toBe(403);
  });
});
