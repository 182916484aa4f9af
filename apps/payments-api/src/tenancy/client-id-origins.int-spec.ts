import { CreateClientId, UpdateClientId } from '@payrail/tenancy';
import { startInProcessApi, type InProcessApi } from '@payrail/test-support/in-process.js';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { PaymentsApiModule } from '../app.module.js';

const SHOP_A = 'https://shop-a.example';
const SHOP_B = 'https://shop-b.example';
const DORMANT = 'https://dormant.example';

// Attacks on a Client ID from a browser page elsewhere, over real HTTP to the payments-api: a
// backend Client ID (no allowed origins) answers only requests without Origin or from its own
// platform's origins; `Origin: null` (sandboxed iframes, file: pages) is refused for every Client
// ID; a foreign page never gets a CORS grant on another tenant's Client ID.
describe('Client IDs and the Origin header', () => {
  let api: InProcessApi;
  let backendA: string;
  let browserA: string;
  let browserB: string;

  beforeAll(async () => {
    api = await startInProcessApi(
      PaymentsApiModule.forRoot(appEnv(await createTestDatabase(), uniqueName('origins'), { LOG_LEVEL: 'silent' })),
    );
    const a = await createTenant(api.app); // its Client ID lists no origins: a backend one
    backendA = a.client.clientId;
    const create = api.app.get(CreateClientId);
    browserA = (await create.execute({ platformId: a.platform.id, allowedOrigins: [SHOP_A] })).clientId;
    browserB = (await createTenant(api.app, { allowedOrigins: [SHOP_B] })).client.clientId;
    // An origin only an inactive Client ID lists opens no preflight.
    const dormant = await create.execute({ platformId: a.platform.id, allowedOrigins: [DORMANT] });
    await api.app.get(UpdateClientId).execute({ clientId: dormant.clientId, status: 'inactive' });
  });
  afterAll(() => api.close());

  const get = (clientId: string, origin?: string) =>
    fetch(`${api.url}/v2/currencies`, { headers: { 'x-client-id': clientId, ...(origin === undefined ? {} : { origin }) } });

  const expectRefused = async (res: Response) => {
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(await res.json()).toEqual({ statusCode: 403, message: 'Origin is not allowed for this Client ID', error: 'Forbidden' });
  };

  it('a backend Client ID answers a server (no Origin) and its own platform pages', async () => {
    expect((await get(backendA)).status).toBe(200);
    const own = await get(backendA, SHOP_A);
    expect(own.status).toBe(200);
    expect(own.headers.get('access-control-allow-origin')).toBe(SHOP_A);
  });

  it('a backend Client ID refuses Origin: null and any origin not its platform’s (403, no CORS grant)', async () => {
    await expectRefused(await get(backendA, 'null'));
    await expectRefused(await get(backendA, 'https://evil.example'));
    await expectRefused(await get(backendA, SHOP_B)); // another tenant's origin
    await expectRefused(await get(backendA, 'http://localhost:3000'));
  });

  it('a browser Client ID refuses Origin: null', async () => {
    await expectRefused(await get(browserA, 'null'));
    await expectRefused(await get(browserB, 'null'));
  });

  it("a page on tenant A's origin gets no grant on tenant B's Client ID", async () => {
    // The preflight carries no Client ID (a browser never sends header values on it): it is
    // granted to an origin an active Client ID lists, and the actual request decides per Client ID.
    const preflight = await fetch(`${api.url}/v2/currencies`, {
      method: 'OPTIONS',
      headers: { origin: SHOP_A, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-client-id' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SHOP_A);
    await expectRefused(await get(browserB, SHOP_A));
    await expectRefused(await get(browserA, SHOP_B));
  });

  it('grants no preflight to null, to an unknown origin, or to one only an inactive Client ID lists', async () => {
    for (const origin of ['null', 'https://evil.example', DORMANT]) {
      const preflight = await fetch(`${api.url}/v2/currencies`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-client-id' },
      });
      expect({ origin, granted: preflight.headers.get('access-control-allow-origin') }).toEqual({ origin, granted: null });
    }
  });
});
