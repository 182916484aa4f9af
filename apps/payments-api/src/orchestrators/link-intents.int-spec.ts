import { sqlExecute, sqlRows } from '@payrail/persistence';
import { SessionStore } from '@payrail/platform';
import { CreateClientId, LinkOrchestrator } from '@payrail/tenancy';
import { getAddress } from 'ethers';
import { DataSource } from 'typeorm';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';
import { createOrchestrator, createTenant } from '@payrail/test-support/tenancy/tenants.js';

const WALLET = getAddress('0x00000000000000000000000000000000000d0d01');

describe('onboarding link intents: client_id.linked to the orchestrator only, never for a direct link', () => {
  let p: PayoutsApi;
  let db: DataSource;
  let bearer: string;
  let emailBearer: string;

  beforeAll(async () => {
    p = await startPayoutsApi({ SECURE_PAYMENT_PAGE_URL: 'https://pay.payrail.test' });
    db = p.api.app.get(DataSource);
    const sessions = p.api.app.get(SessionStore, { strict: false });
    bearer = (
      await sessions.create({ kind: 'wallet', userId: 'owner', platformId: p.tenant.platform.id, walletAddress: WALLET, email: null })
    ).token;
    emailBearer = (
      await sessions.create({
        kind: 'email',
        userId: 'ops',
        platformId: p.tenant.platform.id,
        walletAddress: null,
        email: 'ops@shop.example',
      })
    ).token;
  });
  afterAll(() => p?.close());

  const linkedEvents = () =>
    sqlRows<{ payload: Record<string, unknown> }>(
      db,
      `SELECT payload FROM outbox_events WHERE event_type = 'client_id.linked' ORDER BY id`,
    );

  it('creates an intent (orchestrator key), completes it with a platform wallet session, links and emits client_id.linked once', async () => {
    const orchestrator = await createOrchestrator(p.api.app);
    const created = await p.call<{ intentId: string; onboardingUrl: string; externalId: string }>(
      'POST',
      '/v2/orchestrators/link-intents',
      { externalId: 'onb-1' },
      { 'x-orchestrator-key': orchestrator.orchestratorKey },
    );
    expect(created.status).toBe(201);
    expect(created.body.onboardingUrl).toBe(`https://pay.payrail.test/onboarding/${created.body.intentId}`);
    const complete = (body: object, headers: Record<string, string> = { authorization: `Bearer ${bearer}` }) =>
      p.call<Record<string, unknown>>('POST', `/v2/orchestrators/link-intents/${created.body.intentId}/complete`, body, headers);
    const body = { clientId: p.tenant.client.clientId, destinationWalletAddress: WALLET, currency: 'fUSDC-sepolia' };
    expect((await complete(body, {})).status).toBe(401);
    const other = await createTenant(p.api.app);
    expect((await complete({ ...body, clientId: other.client.clientId })).status).toBe(404);
    const done = await complete(body);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      intentId: created.body.intentId,
      clientId: p.tenant.client.clientId,
      orchestratorId: orchestrator.id,
      linked: true,
    });
    expect((await complete(body)).status).toBe(409);
    const links = await sqlRows(db, 'SELECT 1 FROM orchestrator_links WHERE orchestrator_id = $1', [orchestrator.id]);
    expect(links).toHaveLength(1);
    const [event] = await linkedEvents();
    expect(event.payload).toMatchObject({
      event: 'client_id.linked',
      clientId: p.tenant.client.clientId,
      orchestratorId: orchestrator.id,
      linkId: done.body.linkId,
      intentId: created.body.intentId,
      externalId: 'onb-1',
      destinationWalletAddress: WALLET,
      chain: 'sepolia',
      currency: 'fUSDC-sepolia',
    });
    expect(event.payload.destinationId).toMatch(new RegExp(`^${WALLET}@eip155:11155111#[0-9A-F]{8}:0x[0-9a-fA-F]{40}$`));
    // The destination is real: stored as the platform's payee destination, and the linked Client ID is bound to it.
    const destination = encodeURIComponent(String(event.payload.destinationId));
    const stored = await p.call<Record<string, unknown>>('GET', `/v2/payee-destination/${destination}`);
    expect(stored).toMatchObject({ status: 200, body: { walletAddress: WALLET, currency: 'fUSDC-sepolia', active: true } });
    const client = await p.call<Record<string, unknown>>('GET', `/v2/client-ids/${p.tenant.client.id}`);
    expect(client.body.payeeDestinationId).toBe(event.payload.destinationId);
  });

  const openIntent = async () => {
    const orchestrator = await createOrchestrator(p.api.app);
    const created = await p.call<{ intentId: string }>(
      'POST',
      '/v2/orchestrators/link-intents',
      {},
      {
        'x-orchestrator-key': orchestrator.orchestratorKey,
      },
    );
    return (body: object) =>
      p.call<{ errors?: { field: string; message: string }[] }>(
        'POST',
        `/v2/orchestrators/link-intents/${created.body.intentId}/complete`,
        body,
        { authorization: `Bearer ${bearer}` },
      );
  };

  it.each(['USDT0-arbitrum-one', 'DAI-base', 'ETH-sepolia-sepolia', 'FAU-sepolia', 'USD', 'NOPE-base'])(
    'refuses %s as the destination currency (only USDC and USDT are destination tokens), linking nothing',
    async (currency) => {
      const before = (await linkedEvents()).length;
      const complete = await openIntent();
      const res = await complete({ clientId: p.tenant.client.clientId, destinationWalletAddress: WALLET, currency });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'currency', message: 'currency must be a destination token, USDC or USDT, such as USDC-base or USDT-tron' },
      ]);
      expect(await linkedEvents()).toHaveLength(before);
    },
  );

  it('accepts USDT on Tron with a Tron wallet (chain tron)', async () => {
    const complete = await openIntent();
    const tron = 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV';
    const res = await complete({ clientId: p.tenant.client.clientId, destinationWalletAddress: tron, currency: 'USDT-tron' });
    expect(res.status).toBe(200);
    expect((await linkedEvents()).at(-1)?.payload).toMatchObject({ destinationWalletAddress: tron, chain: 'tron', currency: 'USDT-tron' });
  });

  it('lets only a wallet session complete an intent: a Client ID, API key, orchestrator key or e-mail session is 403, nothing is 401', async () => {
    const orchestrator = await createOrchestrator(p.api.app);
    const created = await p.call<{ intentId: string }>(
      'POST',
      '/v2/orchestrators/link-intents',
      { externalId: 'onb-squat' },
      { 'x-orchestrator-key': orchestrator.orchestratorKey },
    );
    const body = { clientId: p.tenant.client.clientId, destinationWalletAddress: WALLET, currency: 'fUSDC-sepolia' };
    const complete = (headers: Record<string, string>) =>
      p.call<Record<string, unknown>>('POST', `/v2/orchestrators/link-intents/${created.body.intentId}/complete`, body, headers);
    // The platform's public Client ID (all an attacker holding the onboarding URL needs to name) links nothing.
    const others: Record<string, string>[] = [
      { 'x-client-id': p.tenant.client.clientId },
      { 'x-api-key': p.tenant.apiKey.apiKey },
      { 'x-orchestrator-key': orchestrator.orchestratorKey },
      { authorization: `Bearer ${emailBearer}` },
    ];
    for (const headers of others) {
      const res = await complete(headers);
      expect([Object.keys(headers)[0], res.status, res.body.error]).toEqual([Object.keys(headers)[0], 403, 'Forbidden']);
    }
    expect((await complete({})).status).toBe(401);
    expect((await complete({ 'x-api-key': `${p.tenant.apiKey.apiKey.slice(0, -4)}AAAA` })).status).toBe(401);
    expect(await sqlRows(db, 'SELECT 1 FROM orchestrator_links WHERE orchestrator_id = $1', [orchestrator.id])).toEqual([]);
    expect((await complete({ authorization: `Bearer ${bearer}` })).status).toBe(200);
  });

  it('emits nothing for a direct API link', async () => {
    const before = (await linkedEvents()).length;
    const orchestrator = await createOrchestrator(p.api.app);
    const client = await p.api.app.get(CreateClientId).execute({ platformId: p.tenant.platform.id });
    await p.api.app.get(LinkOrchestrator).execute({ orchestratorId: orchestrator.id, clientId: client.clientId });
    expect(await linkedEvents()).toHaveLength(before);
  });

  it("attack: an intent made for one Client ID cannot be completed by another platform's wallet session (or another Client ID)", async () => {
    const orchestrator = await createOrchestrator(p.api.app);
    const created = await p.call<{ intentId: string }>(
      'POST',
      '/v2/orchestrators/link-intents',
      { externalId: 'onb-for-tenant', clientId: p.tenant.client.clientId },
      { 'x-orchestrator-key': orchestrator.orchestratorKey },
    );
    expect(created.status).toBe(201);
    const other = await createTenant(p.api.app);
    const otherBearer = (
      await p.api.app
        .get(SessionStore, { strict: false })
        .create({ kind: 'wallet', userId: 'intruder', platformId: other.platform.id, walletAddress: WALLET, email: null })
    ).token;
    const complete = (clientId: string, token: string) =>
      p.call<Record<string, unknown>>(
        'POST',
        `/v2/orchestrators/link-intents/${created.body.intentId}/complete`,
        { clientId, destinationWalletAddress: WALLET, currency: 'fUSDC-sepolia' },
        { authorization: `Bearer ${token}` },
      );
    const stolen = await complete(other.client.clientId, otherBearer);
    expect([stolen.status, stolen.body]).toEqual([
      403,
      { statusCode: 403, message: 'This link intent is for another Client ID', error: 'Forbidden' },
    ]);
    expect((await complete(p.tenant.client.clientId, otherBearer)).status).toBe(404);
    const links = () => sqlRows(db, 'SELECT 1 FROM orchestrator_links WHERE orchestrator_id = $1', [orchestrator.id]);
    expect(await links()).toHaveLength(0);
    expect((await complete(p.tenant.client.clientId, bearer)).status).toBe(200);
    expect(await links()).toHaveLength(1);
  });

  it('shows the hosted page an intent without a credential: orchestrator name, bound Client ID, open, then completed or expired; unknown is 404', async () => {
    const orchestrator = await createOrchestrator(p.api.app);
    const create = async (body: object) =>
      (
        await p.call<{ intentId: string }>('POST', '/v2/orchestrators/link-intents', body, {
          'x-orchestrator-key': orchestrator.orchestratorKey,
        })
      ).body.intentId;
    const view = (id: string) => p.call<Record<string, unknown>>('GET', `/v2/orchestrators/link-intents/${id}`, undefined, {});
    const bound = await create({ externalId: 'onb-view', clientId: p.tenant.client.clientId });
    const opened = await view(bound);
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({
      intentId: bound,
      orchestratorName: 'Test orchestrator',
      clientId: p.tenant.client.clientId,
      status: 'open',
      expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
    });
    // Nothing of the orchestrator's own records (externalId) is shown.
    expect(JSON.stringify(opened.body)).not.toContain('onb-view');
    const body = { clientId: p.tenant.client.clientId, destinationWalletAddress: WALLET, currency: 'fUSDC-sepolia' };
    expect(
      (await p.call('POST', `/v2/orchestrators/link-intents/${bound}/complete`, body, { authorization: `Bearer ${bearer}` })).status,
    ).toBe(200);
    expect((await view(bound)).body).toMatchObject({ status: 'completed', clientId: p.tenant.client.clientId });

    const open = await create({});
    expect((await view(open)).body).toMatchObject({ status: 'open', clientId: null });
    await sqlExecute(db, `UPDATE link_intents SET expires_at = now() - interval '1 second' WHERE id = $1`, [open]);
    expect((await view(open)).body).toMatchObject({ status: 'expired' });
    const unknown = await view('01JD0000000000000000000000');
    expect([unknown.status, unknown.body]).toEqual([404, { statusCode: 404, message: 'Link intent not found', error: 'Not Found' }]);
  });

  it("grants the hosted page's origin CORS without credentials for a bearer session (onboarding), and no other origin", async () => {
    const orchestrator = await createOrchestrator(p.api.app);
    const { intentId } = (
      await p.call<{ intentId: string }>(
        'POST',
        '/v2/orchestrators/link-intents',
        {},
        { 'x-orchestrator-key': orchestrator.orchestratorKey },
      )
    ).body;
    const path = `${p.api.url}/v2/orchestrators/link-intents/${intentId}/complete`;
    const preflight = (origin: string) =>
      fetch(path, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      });
    const granted = await preflight('https://pay.payrail.test');
    expect(granted.headers.get('access-control-allow-origin')).toBe('https://pay.payrail.test');
    expect(granted.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(granted.headers.get('access-control-allow-credentials')).toBeNull();
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    const body = { clientId: p.tenant.client.clientId, destinationWalletAddress: WALLET, currency: 'fUSDC-sepolia' };
    const done = await fetch(path, {
      method: 'POST',
      headers: { origin: 'https://pay.payrail.test', 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: JSON.stringify(body),
    });
    expect(done.status).toBe(200);
    expect(done.headers.get('access-control-allow-origin')).toBe('https://pay.payrail.test');
    expect(done.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
