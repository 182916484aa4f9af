import { type AuthKind, listRoutes, SessionStore, type RouteInfo } from '@payrail/platform';
import { CreateClientId } from '@payrail/tenancy';
import { AuthApiModule } from '../../apps/auth-api/src/app.module.js';
import { PaymentsApiModule } from '../../apps/payments-api/src/app.module.js';
import { createOrchestrator, createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { startInProcessApi, type InProcessApi } from '@payrail/test-support/in-process.js';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';

type Kind = 'api-key' | 'client-id' | 'orchestrator-key' | 'wallet-session' | 'email-session' | 'none' | 'invalid';
const KINDS: Kind[] = ['api-key', 'client-id', 'orchestrator-key', 'wallet-session', 'email-session', 'none', 'invalid'];
const ORIGIN = 'https://shop.example';
const DASHBOARD = 'https://dashboard.payrail.test';

// The credentials each kind a route declares takes (a session is either kind of session).
const TAKES: Record<AuthKind, Kind[]> = {
  'api-key': ['api-key'],
  'client-id': ['client-id'],
  'orchestrator-key': ['orchestrator-key'],
  // Alone, x-orchestrator-key is refused by the routes taking it paired (ROUTE_OWN below).
  'orchestrator-key-with-client-id': ['orchestrator-key'],
  session: ['wallet-session', 'email-session'],
  // Takes x-client-id with its platform's API key or session: no single kind passes (see the test below).
  'client-id-with-owner': [],
};
// Alone, each half of client-id-with-owner is a missing credential (401), not a wrong kind.
const HALF_OF_OWNER: Kind[] = ['client-id', 'api-key', 'wallet-session', 'email-session'];

// Refusals a route makes itself once the guard has let the caller in (documented on the route).
const ROUTE_OWN: Record<string, Partial<Record<Kind, [number, string]>>> = {
  'auth-api GET /v1/client-ids': { 'email-session': [403, 'A wallet session is required to manage Client IDs'] },
  'payments-api POST /v2/secure-payments': { 'orchestrator-key': [401, 'x-orchestrator-key must be paired with x-client-id'] },
  'payments-api POST /v2/secure-payments/multicall-payouts': {
    'orchestrator-key': [401, 'x-orchestrator-key must be paired with x-client-id'],
  },
  'payments-api POST /v2/secure-payments/payouts': { 'orchestrator-key': [401, 'x-orchestrator-key must be paired with x-client-id'] },
  'payments-api POST /v2/secure-payments/fees/preview': {
    'orchestrator-key': [401, 'x-orchestrator-key must be paired with x-client-id'],
  },
  // Spec: a wallet session is required to manage payee destinations (the API key manages them too).
  'payments-api POST /v2/payee-destination': { 'email-session': [403, 'A wallet session is required to manage payee destinations'] },
  'payments-api GET /v2/payee-destination': { 'email-session': [403, 'A wallet session is required to manage payee destinations'] },
  'payments-api GET /v2/payee-destination/:destinationId': {
    'email-session': [403, 'A wallet session is required to manage payee destinations'],
  },
  'payments-api DELETE /v2/payee-destination/:destinationId': {
    'email-session': [403, 'A wallet session is required to manage payee destinations'],
  },
};

// Credentials Request Network documents for its secure payment routes (rn-openapi.v2.json):
// batch-payouts takes an API key, a Client ID (with Origin) or a session; the page's relay routes a
// Client ID with Origin only. The route table must declare exactly these (the matrix above then
// checks each kind is let in or refused accordingly).
const RN_DOCUMENTED: Record<string, AuthKind[]> = {
  'POST /v2/secure-payments/batch-payouts': ['api-key', 'client-id', 'session'],
  'POST /v2/secure-payments/:token/tron/broadcast': ['client-id'],
  'POST /v2/secure-payments/:token/refresh-step-transaction': ['client-id'],
};

/**
 * What a route answers a credential kind: `pass` (the guard lets it in; the route answers what
 * it answers, never a credential refusal), 401 (missing or invalid) or 403 (valid, but a kind
 * the route does not take).
 */
function expected(app: string, route: RouteInfo, kind: Kind): 'pass' | [number, RegExp] {
  const own = ROUTE_OWN[`${app} ${route.method} ${route.path}`]?.[kind];
  if (own) return [own[0], new RegExp(`^${own[1]}$`)];
  if (route.auth?.mode === 'public') return 'pass';
  const kinds = route.auth!.kinds;
  if (kinds.some((k) => TAKES[k].includes(kind))) return 'pass';
  if (kind === 'none' || (kinds.includes('client-id-with-owner') && HALF_OF_OWNER.includes(kind))) return [401, /^Missing /];
  if (kind === 'invalid') return [401, /^(Missing|Invalid or expired) /];
  return [403, / is not allowed on this route: it takes /];
}

// Every route of both APIs, called with each kind of credential: 401 for none or an invalid one,
// 403 for a valid one the route does not take (e.g. a Client ID on GET /v2/payer/{id}), and
// through the guard for the kinds it takes.
describe('every route x every credential kind: 401 for missing or invalid, 403 for valid but not allowed', () => {
  const apis: Record<string, InProcessApi> = {};
  const routes: Record<string, RouteInfo[]> = {};
  let headersOf: (kind: Kind) => Promise<Record<string, string>>;

  beforeAll(async () => {
    const env = appEnv(await createTestDatabase(), uniqueName('creds'), {
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MULTIPLIER: '1000',
      // Every route is called with bad credentials from one address: the failed-authentication
      // limit (tested on its own in auth-abuse.int-spec) would answer 429 before the guard's 401/403.
      FAILED_AUTH_MAX_PER_IP: '100000',
      SIWE_DOMAIN: 'dashboard.payrail.test',
      SIWE_URI: DASHBOARD,
      DASHBOARD_ORIGINS: DASHBOARD,
      SECURE_PAYMENT_PAGE_URL: 'https://pay.payrail.test',
    });
    apis['payments-api'] = await startInProcessApi(PaymentsApiModule.forRoot(env));
    apis['auth-api'] = await startInProcessApi(AuthApiModule.forRoot(env));
    for (const [name, api] of Object.entries(apis)) routes[name] = listRoutes(api.app);
    const app = apis['payments-api'].app;
    const tenant = await createTenant(app);
    const browser = await app.get(CreateClientId).execute({ platformId: tenant.platform.id, allowedOrigins: [ORIGIN] });
    const orchestrator = await createOrchestrator(app);
    const sessions = app.get(SessionStore, { strict: false });
    // A fresh session per call: the logout route ends the one it is given.
    const session = async (kind: 'wallet' | 'email') => {
      const wallet = kind === 'wallet' ? '0x00000000000000000000000000000000000a11ce' : null;
      const created = await sessions.create({
        kind,
        userId: `u-${kind}`,
        platformId: tenant.platform.id,
        walletAddress: wallet,
        email: null,
      });
      return { authorization: `Bearer ${created.token}` };
    };
    headersOf = async (kind): Promise<Record<string, string>> => {
      switch (kind) {
        case 'api-key':
          return { 'x-api-key': tenant.apiKey.apiKey };
        case 'client-id':
          return { 'x-client-id': browser.clientId, origin: ORIGIN };
        case 'orchestrator-key':
          return { 'x-orchestrator-key': orchestrator.orchestratorKey };
        case 'wallet-session':
          return session('wallet');
        case 'email-session':
          return session('email');
        case 'none':
          return {};
        case 'invalid':
          return {
            'x-api-key': `prk_${'x'.repeat(43)}`,
            'x-client-id': 'cli_nosuchclientid0000000000',
            'x-orchestrator-key': `pok_${'x'.repeat(43)}`,
            authorization: `Bearer ${'x'.repeat(43)}`,
          };
      }
    };
  }, 60_000);
  afterAll(() => Promise.all(Object.values(apis).map((api) => api.close())));

  const call = async (app: string, route: RouteInfo, headers: Record<string, string>) => {
    const path = route.path.replace(/:(\w+)/g, '01JDQ4W9ZK3M7T1B2C3D4E5F6G');
    const body = ['GET', 'HEAD', 'DELETE'].includes(route.method) ? undefined : '{}';
    const res = await fetch(`${apis[app].url}${path}`, {
      method: route.method,
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    const text = await res.text();
    const message = (() => {
      try {
        return String((JSON.parse(text) as { message?: unknown }).message ?? '');
      } catch {
        return '';
      }
    })();
    return { status: res.status, message };
  };

  it.each(['payments-api', 'auth-api'])('%s: each route answers each credential kind as the interface says', async (app) => {
    const guarded = routes[app].filter((r) => r.auth && r.auth.mode !== 'public');
    expect(guarded.length).toBeGreaterThan(5);
    const wrong: string[] = [];
    for (const route of routes[app]) {
      for (const kind of KINDS) {
        const want = expected(app, route, kind);
        const got = await call(app, route, await headersOf(kind));
        const ok =
          want === 'pass'
            ? got.status !== 401 && !(got.status === 403 && / is not allowed on this route|Client ID is|Origin/.test(got.message))
            : got.status === want[0] && want[1].test(got.message);
        if (!ok)
          wrong.push(
            `${route.method} ${route.path} [${route.auth?.mode === 'public' ? 'public' : route.auth?.kinds.join(',')}] x ${kind}: ${got.status} ${got.message}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });

  it("declares Request Network's credentials on the secure payment routes it documents (Client ID + Origin vs API key vs session)", async () => {
    const declared = Object.fromEntries(
      routes['payments-api']
        .filter((r) => `${r.method} ${r.path}` in RN_DOCUMENTED)
        .map((r) => [`${r.method} ${r.path}`, r.auth?.mode === 'public' ? [] : [...r.auth!.kinds].sort()]),
    );
    expect(declared).toEqual(Object.fromEntries(Object.entries(RN_DOCUMENTED).map(([k, v]) => [k, [...v].sort()])));
    // The page's relay routes need the Origin with the Client ID (a browser context).
    const client = await headersOf('client-id');
    const noOrigin = { 'x-client-id': client['x-client-id'] };
    for (const path of ['/v2/secure-payments/:token/tron/broadcast', '/v2/secure-payments/:token/refresh-step-transaction']) {
      const got = await call('payments-api', { method: 'POST', path } as RouteInfo, noOrigin);
      expect(got).toEqual({ status: 401, message: 'Origin header is required for this Client ID' });
    }
  });

  it("passes client-id-with-owner routes (platform webhooks) only with the Client ID and its platform's API key or session", async () => {
    const owned = routes['auth-api'].filter((r) => r.auth?.mode === 'credentials' && r.auth.kinds.includes('client-id-with-owner'));
    expect(owned.map((r) => `${r.method} ${r.path}`)).toContain('POST /v1/webhook');
    const client = await headersOf('client-id');
    const wrong: string[] = [];
    for (const route of owned) {
      for (const half of ['api-key', 'wallet-session', 'email-session'] as const) {
        const got = await call('auth-api', route, { ...client, ...(await headersOf(half)) });
        if (got.status === 401 || got.status === 403)
          wrong.push(`${route.method} ${route.path} x client-id + ${half}: ${got.status} ${got.message}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers the cases the issue names: a Client ID on GET /v2/payer/{id} and on orchestrator webhooks is 403, not 401', async () => {
    const client = await headersOf('client-id');
    const payer = await call('payments-api', { method: 'GET', path: '/v2/payer/user-1' } as RouteInfo, client);
    expect(payer).toEqual({ status: 403, message: 'x-client-id is not allowed on this route: it takes x-api-key' });
    const hooks = await call('payments-api', { method: 'GET', path: '/v2/orchestrators/webhooks' } as RouteInfo, client);
    expect(hooks).toEqual({ status: 403, message: 'x-client-id is not allowed on this route: it takes x-orchestrator-key' });
    const unknown = await call('payments-api', { method: 'GET', path: '/v2/payer/user-1' } as RouteInfo, {
      'x-client-id': 'cli_nosuchclientid0000000000',
      origin: ORIGIN,
    });
    expect(unknown.status).toBe(401);
  });

  it("keeps fee configurations to their owner: the platform's with its API key or session, the orchestrator's with its key", async () => {
    const at = (method: string, path: string, kind: Kind) =>
      headersOf(kind).then((h) => call('payments-api', { method, path } as RouteInfo, h));
    expect(await at('PUT', '/v2/fee-config', 'client-id')).toEqual({
      status: 403,
      message:
        'x-client-id is not allowed on this route: it takes x-api-key or a session (Authorization: Bearer or the session_token cookie)',
    });
    expect((await at('GET', '/v2/fee-config', 'orchestrator-key')).status).toBe(403);
    expect((await at('GET', '/v2/fee-config', 'email-session')).status).toBe(200);
    expect((await at('PUT', '/v2/orchestrators/fee-config', 'api-key')).status).toBe(403);
    expect((await at('GET', '/v2/orchestrators/fee-config', 'orchestrator-key')).status).toBe(200);
    // The preview takes what creating a link takes, the Client ID included.
    expect((await at('POST', '/v2/secure-payments/fees/preview', 'client-id')).status).toBe(400);
  });

  it('crypto-to-fiat routes: payment details and the sandbox off-ramp take the API key only (a Client ID or a session is 403); the payers screen’s read takes a session too', async () => {
    const paths = [
      { method: 'POST', path: '/v2/payer/user-1/payment-details' },
      { method: 'GET', path: '/v2/payer/user-1/payment-details' },
      { method: 'POST', path: '/sandbox/offramp/payment-details/00000000-0000-4000-8000-000000000000/decision' },
      { method: 'POST', path: '/sandbox/offramp/requests/01JDQ4W9ZK3M7T1B2C3D4E5F6G/advance' },
    ] as RouteInfo[];
    for (const route of paths) {
      expect(await call('payments-api', route, await headersOf('client-id'))).toEqual({
        status: 403,
        message: 'x-client-id is not allowed on this route: it takes x-api-key',
      });
      expect((await call('payments-api', route, await headersOf('wallet-session'))).status).toBe(403);
      expect((await call('payments-api', route, await headersOf('api-key'))).status).not.toBe(403);
    }
    const screen = { method: 'GET', path: '/v2/payers/00000000-0000-4000-8000-000000000000/payment-details' } as RouteInfo;
    expect(await call('payments-api', screen, await headersOf('wallet-session'))).toMatchObject({ status: 404 });
    expect(await call('payments-api', screen, await headersOf('api-key'))).toMatchObject({ status: 404 });
    expect((await call('payments-api', screen, await headersOf('client-id'))).status).toBe(403);
  });
});
