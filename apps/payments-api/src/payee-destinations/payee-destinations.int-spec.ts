import { SessionStore } from '@payrail/platform';
import { getAddress, Wallet } from 'ethers';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { testStack } from '@payrail/test-support/stack.js';
import { ORIGIN, startSecurePaymentsApi, TRON, type SecurePaymentsApi } from '@payrail/test-support/payments-api/secure-payments-api.js';

interface Destination {
  id: string;
  destinationId: string;
  walletAddress: string;
  tokenAddress: string;
  chainId: number;
  network: string;
  currency: string;
  label: string | null;
  humanReadableInteropAddress: string;
  binaryInteropAddress: string;
  active: boolean;
  createdAt: string;
  deactivatedAt: string | null;
}
type Answer = Destination & { statusCode?: number; message?: string; errors?: { field: string; message: string }[] };

const WALLET = getAddress('0x00000000000000000000000000000000000de571');
const USDT_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const path = (destinationId: string) => `/v2/payee-destination/${encodeURIComponent(destinationId)}`;

describe('/v2/payee-destination: a platform stores where it is paid, under Request Network destination ids', () => {
  const chain = testStack().chain;
  let s: SecurePaymentsApi;
  let other: { 'x-api-key': string };
  let walletSession: Record<string, string>;
  let emailSession: Record<string, string>;
  const SESSION_WALLET = getAddress('0x00000000000000000000000000000000005e5510');
  const call = <T = Answer>(method: string, url: string, body?: unknown, headers?: Record<string, string>) =>
    s.p.call<T>(method, url, body, headers);
  const create = (body: object, headers?: Record<string, string>) => call('POST', '/v2/payee-destination', body, headers);

  beforeAll(async () => {
    s = await startSecurePaymentsApi();
    other = { 'x-api-key': (await createTenant(s.p.api.app)).apiKey.apiKey };
    const sessions = s.p.api.app.get(SessionStore, { strict: false });
    const base = { userId: 'owner-1', platformId: s.p.tenant.platform.id };
    const wallet = await sessions.create({ ...base, kind: 'wallet', walletAddress: SESSION_WALLET, email: null });
    const email = await sessions.create({ ...base, kind: 'email', walletAddress: null, email: 'ops@shop.example' });
    walletSession = { authorization: `Bearer ${wallet.token}` };
    emailSession = { authorization: `Bearer ${email.token}` };
  });
  afterAll(() => s?.p.close());

  it('creates a destination with its ERC-7828 id, reads it by that id (URL-encoded) and lists it', async () => {
    const res = await create({ walletAddress: WALLET.toLowerCase(), currency: 'fUSDC-sepolia', label: 'Treasury' });
    expect(res.status).toBe(201);
    const token = chain.tokens.USDC;
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9A-Z]{26}$/),
      destinationId: expect.stringMatching(new RegExp(`^${WALLET}@eip155:11155111#[0-9A-F]{8}:${token}$`)),
      walletAddress: WALLET,
      tokenAddress: token,
      chainId: 11155111,
      network: 'sepolia',
      currency: 'fUSDC-sepolia',
      label: 'Treasury',
      humanReadableInteropAddress: expect.stringMatching(new RegExp(`^${WALLET}@eip155:11155111#[0-9A-F]{8}$`)),
      binaryInteropAddress: `0x0001000003aa36a714${WALLET.slice(2).toLowerCase()}`,
      active: true,
      createdAt: expect.any(String),
      deactivatedAt: null,
    });
    expect(res.body.destinationId).toBe(`${res.body.humanReadableInteropAddress}:${token}`);
    const read = await call('GET', path(res.body.destinationId));
    expect(read).toMatchObject({ status: 200, body: res.body });
    // Lower-case hex and a left-out checksum name the same destination.
    const loose = `${WALLET.toLowerCase()}@eip155:11155111:${token.toLowerCase()}`;
    expect((await call('GET', path(loose))).body.id).toBe(res.body.id);
    const list = await call<{ destinations: Destination[] }>('GET', `/v2/payee-destination?walletAddress=${WALLET.toLowerCase()}`);
    expect(list.status).toBe(200);
    expect(list.body.destinations.map((d) => d.id)).toEqual([res.body.id]);
  });

  it("takes Request Network's tokenAddress + chainId, and Tron under eip155:728126428 with base58 wallet and token", async () => {
    const rn = await create({ walletAddress: WALLET, tokenAddress: chain.tokens.USDC, chainId: 11155111 });
    expect(rn.status).toBe(201);
    expect(rn.body.currency).toBe('fUSDC-sepolia');
    const tron = await create({ walletAddress: TRON, currency: 'USDT-tron' });
    expect(tron.status).toBe(201);
    expect(tron.body).toMatchObject({ network: 'tron', chainId: 728126428, walletAddress: TRON, tokenAddress: USDT_TRON });
    expect(tron.body.destinationId).toMatch(new RegExp(`^${TRON}@eip155:728126428#[0-9A-F]{8}:${USDT_TRON}$`));
    expect(tron.body.binaryInteropAddress).toMatch(/^0x00010000042b6653dc14[0-9a-f]{40}$/);
  });

  it('deactivates without deleting (idempotent), hides nothing from the list, and POST of the same destination reactivates it', async () => {
    const wallet = Wallet.createRandom().address;
    const made = (await create({ walletAddress: wallet, currency: 'fUSDT-sepolia', label: 'Ops' })).body;
    const off = await call('DELETE', path(made.destinationId));
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: made.id, active: false, deactivatedAt: expect.any(String) });
    const again = await call('DELETE', path(made.destinationId));
    expect(again.body).toMatchObject({ active: false, deactivatedAt: off.body.deactivatedAt });
    const inactive = await call<{ destinations: Destination[] }>('GET', `/v2/payee-destination?active=false&walletAddress=${wallet}`);
    expect(inactive.body.destinations.map((d) => d.id)).toEqual([made.id]);
    expect(
      (await call<{ destinations: Destination[] }>('GET', `/v2/payee-destination?active=true&walletAddress=${wallet}`)).body.destinations,
    ).toEqual([]);
    const back = await create({ walletAddress: wallet, currency: 'fUSDT-sepolia' });
    expect(back.status).toBe(201);
    expect(back.body).toMatchObject({ id: made.id, active: true, deactivatedAt: null, label: 'Ops' });
  });

  it("isolates platforms: another platform's API key can neither read, list nor deactivate it (404), and may store the same destination for itself", async () => {
    const mine = (await create({ walletAddress: WALLET, currency: 'fUSDT-sepolia' })).body;
    expect(await call('GET', path(mine.destinationId), undefined, other)).toMatchObject({
      status: 404,
      body: { statusCode: 404, message: 'Payee destination not found', error: 'Not Found' },
    });
    expect((await call('DELETE', path(mine.destinationId), undefined, other)).status).toBe(404);
    expect((await call('GET', path(mine.destinationId))).body.active).toBe(true);
    expect((await call<{ destinations: Destination[] }>('GET', '/v2/payee-destination', undefined, other)).body.destinations).toEqual([]);
    const theirs = await create({ walletAddress: WALLET, currency: 'fUSDT-sepolia' }, other);
    expect(theirs.status).toBe(201);
    expect(theirs.body.destinationId).toBe(mine.destinationId);
    expect(theirs.body.id).not.toBe(mine.id);
  });

  it("takes the platform's wallet session (wallet defaults to the session's) and refuses an e-mail session (403)", async () => {
    const res = await create({ currency: 'fUSDC-sepolia', label: 'Mine' }, walletSession);
    expect(res.status).toBe(201);
    expect(res.body.walletAddress).toBe(SESSION_WALLET);
    expect((await call('GET', path(res.body.destinationId), undefined, walletSession)).status).toBe(200);
    for (const [method, url] of [
      ['POST', '/v2/payee-destination'],
      ['GET', '/v2/payee-destination'],
      ['GET', path(res.body.destinationId)],
      ['DELETE', path(res.body.destinationId)],
    ] as const) {
      const refused = await call(method, url, method === 'POST' ? { currency: 'fUSDC-sepolia' } : undefined, emailSession);
      expect([method, url, refused.status, refused.body.message]).toEqual([
        method,
        url,
        403,
        'A wallet session is required to manage payee destinations',
      ]);
    }
    expect((await call('GET', path(res.body.destinationId))).body.active).toBe(true);
  });

  it('refuses a Client ID (403): destinations are managed with a secret of the platform', async () => {
    const res = await create({ walletAddress: WALLET, currency: 'fUSDC-sepolia' }, { 'x-client-id': s.browser.clientId, origin: ORIGIN });
    expect(res.status).toBe(403);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a malformed wallet', { walletAddress: '0x123', currency: 'fUSDC-sepolia' }, 'walletAddress'],
    ['no wallet with an API key', { currency: 'fUSDC-sepolia' }, 'walletAddress'],
    ['a Tron wallet for a sepolia token', { walletAddress: TRON, currency: 'fUSDC-sepolia' }, 'walletAddress'],
    ['an EVM wallet for a Tron token', { walletAddress: WALLET, currency: 'USDT-tron' }, 'walletAddress'],
    ['an unknown currency', { walletAddress: WALLET, currency: 'NOPE-base' }, 'currency'],
    ['a currency that is not USDC or USDT', { walletAddress: WALLET, currency: 'FAU-sepolia' }, 'currency'],
    ['a native currency', { walletAddress: WALLET, currency: 'ETH-base' }, 'currency'],
    ['a fiat currency', { walletAddress: WALLET, currency: 'USD' }, 'currency'],
    ['an over-long currency', { walletAddress: WALLET, currency: 'x'.repeat(101) }, 'currency'],
    ['a currency and a token address', { walletAddress: WALLET, currency: 'fUSDC-sepolia', tokenAddress: WALLET, chainId: 1 }, 'currency'],
    ['neither currency nor token', { walletAddress: WALLET }, 'currency'],
    ['a token address without chain id', { walletAddress: WALLET, tokenAddress: WALLET }, 'chainId'],
    ['an unknown chain id', { walletAddress: WALLET, tokenAddress: WALLET, chainId: 999 }, 'chainId'],
    ['a chain id that is not an integer', { walletAddress: WALLET, tokenAddress: WALLET, chainId: '8453' }, 'chainId'],
    ['a token that is not USDC or USDT there', { walletAddress: WALLET, tokenAddress: WALLET, chainId: 11155111 }, 'tokenAddress'],
    ['a malformed token address', { walletAddress: WALLET, tokenAddress: 'abc', chainId: 8453 }, 'tokenAddress'],
    ['an empty label', { walletAddress: WALLET, currency: 'fUSDC-sepolia', label: '' }, 'label'],
    ['a label with markup', { walletAddress: WALLET, currency: 'fUSDC-sepolia', label: '<b>x</b>' }, 'label'],
    ['an over-long label', { walletAddress: WALLET, currency: 'fUSDC-sepolia', label: 'x'.repeat(101) }, 'label'],
    ['an unknown field', { walletAddress: WALLET, currency: 'fUSDC-sepolia', accessPolicy: {} }, 'accessPolicy'],
  ])('POST refuses %s with a 400 naming it', async (_why, body, field) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect([...new Set(res.body.errors?.map((e) => e.field))]).toEqual([field]);
  });

  it.each([
    ['GET', '/v2/payee-destination?walletAddress=nope', 'walletAddress'],
    ['GET', '/v2/payee-destination?active=maybe', 'active'],
    ['GET', path('not-a-destination'), 'destinationId'],
    ['DELETE', path('not-a-destination'), 'destinationId'],
    ['GET', path(`${WALLET}@eip155:11155111#00000000:${WALLET}`), 'destinationId'],
  ])('%s %s is a 400 naming %s', async (method, url, field) => {
    const res = await call(method, url);
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toEqual([field]);
  });
});
