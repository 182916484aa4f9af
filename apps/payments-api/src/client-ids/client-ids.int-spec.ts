import { UpdateClientId } from '@payrail/tenancy';
import { startInProcessApi, type InProcessApi } from '@payrail/test-support/in-process.js';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { PaymentsApiModule } from '../app.module.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';

describe('Client ID management with an API key (payments-api /v2/client-ids)', () => {
  let api: InProcessApi;
  let mine: Awaited<ReturnType<typeof createTenant>>;
  let theirs: Awaited<ReturnType<typeof createTenant>>;

  beforeAll(async () => {
    api = await startInProcessApi(
      PaymentsApiModule.forRoot(appEnv(await createTestDatabase(), uniqueName('cid'), { LOG_LEVEL: 'silent' })),
    );
    [mine, theirs] = [await createTenant(api.app), await createTenant(api.app)];
  });
  afterAll(() => api.close());

  const call = (key: string, method: string, path = '', body?: object) =>
    fetch(`${api.url}/v2/client-ids${path}`, {
      method,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });

  it("manages the key's own platform's Client IDs", async () => {
    const created = await call(mine.apiKey.apiKey, 'POST', '', { label: 'Checkout', allowedDomains: ['https://pay.example.com'] });
    expect(created.status).toBe(201);
    const view = (await created.json()) as { id: string; clientId: string; platformId: string };
    expect(view.platformId).toBe(mine.platform.id);
    const list = (await (await call(mine.apiKey.apiKey, 'GET')).json()) as { id: string }[];
    expect(list.map((c) => c.id).sort()).toEqual([mine.client.id, view.id].sort());
    expect(await (await call(mine.apiKey.apiKey, 'DELETE', `/${view.id}`)).json()).toMatchObject({ status: 'revoked' });
  });

  it("never shows or changes another platform's Client ID (404)", async () => {
    expect((await call(mine.apiKey.apiKey, 'GET', `/${theirs.client.id}`)).status).toBe(404);
    expect((await call(mine.apiKey.apiKey, 'PUT', `/${theirs.client.id}`, { label: 'mine now' })).status).toBe(404);
    expect((await call(mine.apiKey.apiKey, 'DELETE', `/${theirs.client.id}`)).status).toBe(404);
    expect(((await (await call(theirs.apiKey.apiKey, 'GET', `/${theirs.client.id}`)).json()) as { label: string }).label).toBe('');
  });

  it("cannot lift the operator's restricted status: 403, still restricted; revoking stays the platform's", async () => {
    const created = (await (await call(mine.apiKey.apiKey, 'POST', '', { label: 'Restricted' })).json()) as {
      id: string;
      clientId: string;
    };
    // The operator restricts it (the admin CLI's `client-id update --status restricted` runs this use case).
    await api.app.get(UpdateClientId).execute({ clientId: created.clientId, status: 'restricted' });
    for (const status of ['active', 'inactive']) {
      const res = await call(mine.apiKey.apiKey, 'PUT', `/${created.id}`, { status });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        statusCode: 403,
        message: 'Client ID is restricted by the operator: only the operator can change its status',
        error: 'Forbidden',
      });
    }
    const after = (await (await call(mine.apiKey.apiKey, 'GET', `/${created.id}`)).json()) as { status: string };
    expect(after.status).toBe('restricted');
    // Its other settings stay the platform's, and so does revoking it for good.
    expect(await (await call(mine.apiKey.apiKey, 'PUT', `/${created.id}`, { label: 'Renamed' })).json()).toMatchObject({
      label: 'Renamed',
      status: 'restricted',
    });
    expect(await (await call(mine.apiKey.apiKey, 'DELETE', `/${created.id}`)).json()).toMatchObject({ status: 'revoked' });
  });

  it('requires x-api-key: a valid Client ID is 403 (valid, not allowed here)', async () => {
    const res = await fetch(`${api.url}/v2/client-ids`, { headers: { 'x-client-id': mine.client.clientId } });
    expect(res.status).toBe(403);
  });
});
