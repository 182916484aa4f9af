import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppConfigModule, CredentialsModule, DatabaseModule, LoggingModule, RedisModule } from '@payrail/platform';
import type { AppHandle } from '@payrail/devstack';
import { appEnv, createTestDatabase, startTestApp, testStack, uniqueName } from '@payrail/test-support/stack.js';
import { PaymentsApiEnv } from '../config/payments-api.env.js';
import { TenancyModule } from '@payrail/tenancy';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';

/** An API key of a fresh platform in the app's database, made through the real tenancy use cases. */
async function issueApiKey(env: Record<string, string>): Promise<string> {
  @Module({
    imports: [AppConfigModule.forApp(PaymentsApiEnv, env), LoggingModule, DatabaseModule, RedisModule, CredentialsModule, TenancyModule],
  })
  class Fixtures {}
  const context = await NestFactory.createApplicationContext(Fixtures, { logger: false });
  try {
    return (await createTenant(context)).apiKey.apiKey;
  } finally {
    await context.close();
  }
}

interface CurrencyBody {
  id: string;
  name: string;
  symbol: string;
  decimals: number;
  address: string;
  network: string;
  type: string;
  hash: string;
  chainId: number;
}

interface RoutesBody {
  currencyId: string;
  network?: string | null;
  networks?: string[];
  conversionRoutes: CurrencyBody[];
}

// The built payments-api over real HTTP, in the local environment with the test chain's deployment.
describe('GET /v2/currencies and conversion routes (payments-api over HTTP)', () => {
  let app: AppHandle;
  let apiKey: string;
  const chain = testStack().chain;

  beforeAll(async () => {
    // The test stack file holds the local deployment under `chain`, which the loader accepts.
    const env = appEnv(await createTestDatabase(), uniqueName('q'), {
      CHAIN_DEPLOYMENT_FILE: process.env.PAYRAIL_TEST_STACK_FILE!,
      RATE_LIMIT_MULTIPLIER: '100',
    });
    [app, apiKey] = await Promise.all([startTestApp('payments-api', env), issueApiKey({ ...env, LOG_LEVEL: 'silent' })]);
  }, 120000);

  afterAll(async () => {
    await app?.stop();
  });

  /** Every call goes through here, with the credentials the route requires. */
  async function call<T>(path: string): Promise<{ status: number; body: T }> {
    const res = await fetch(`${app.url}${path}`, { headers: { 'x-api-key': apiKey } });
    return { status: res.status, body: (await res.json()) as T };
  }

  it('lists every currency as a bare array of at least 500 tokens in the spec shape', async () => {
    const { status, body } = await call<CurrencyBody[]>('/v2/currencies');
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect(body.filter((c) => c.type === 'ERC20' || c.type === 'TRC20').length).toBeGreaterThanOrEqual(500);
    expect(Object.keys(body[0])).toEqual(['id', 'name', 'symbol', 'decimals', 'address', 'network', 'type', 'hash', 'chainId']);
  });

  it('filters by network and symbol', async () => {
    const base = await call<CurrencyBody[]>('/v2/currencies?network=base');
    expect(base.status).toBe(200);
    expect(base.body.length).toBeGreaterThan(10);
    expect(base.body.every((c) => c.network === 'base' && c.chainId === 8453)).toBe(true);

    const usdt = await call<CurrencyBody[]>('/v2/currencies?symbol=usdt');
    expect(usdt.body.map((c) => c.id)).toEqual([
      'USDT-mainnet',
      'USDT-base',
      'USDT-optimism',
      'USDT-arbitrum-one',
      'USDT-matic',
      'USDT-bsc',
      'USDT-tron',
    ]);

    const bscUsdc = await call<CurrencyBody[]>('/v2/currencies?network=bsc&symbol=USDC');
    expect(bscUsdc.body).toEqual([
      expect.objectContaining({ id: 'USDC-bsc', decimals: 18, address: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d' }),
    ]);
  });

  it('answers one object for an id, and for firstOnly=true', async () => {
    const byId = await call<CurrencyBody>('/v2/currencies?id=USD');
    expect(byId).toEqual({
      status: 200,
      body: {
        id: 'USD',
        name: 'US Dollar',
        symbol: 'USD',
        decimals: 2,
        address: '0x0000000000000000000000000000000000555344',
        network: 'fiat',
        type: 'ISO4217',
        hash: '0x775eb53d00dd0acd3ec1696472105d579b9b386b',
        chainId: 0,
      },
    });
    const first = await call<CurrencyBody>('/v2/currencies?network=matic&symbol=USDT&firstOnly=true');
    expect(first.body).toMatchObject({ id: 'USDT-matic', address: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F' });
    const notFirst = await call<CurrencyBody[]>('/v2/currencies?network=matic&symbol=USDT&firstOnly=false');
    expect(notFirst.body.map((c) => c.id)).toEqual(['USDT-matic']);
  });

  it('resolves the sepolia tokens of the local deployment to the local addresses', async () => {
    const fau = await call<CurrencyBody>('/v2/currencies?id=FAU-sepolia');
    expect(fau.body).toMatchObject({ address: chain.tokens.FAU, decimals: chain.tokenDecimals.FAU, chainId: 11155111 });
    const usdc = await call<CurrencyBody>('/v2/currencies?id=fUSDC-sepolia');
    expect(usdc.body.address).toBe(chain.tokens.USDC);
    const dai = await call<CurrencyBody>('/v2/currencies?id=DAI-sepolia');
    expect(dai.body.address).toBe(chain.tokens.DAI);
  });

  it.each([
    ['/v2/currencies?id=NOPE-base'],
    ['/v2/currencies?network=nowhere'],
    ['/v2/currencies?network=base&symbol=NOPE'],
    ['/v2/currencies?id=USDC-base&network=mainnet'],
  ])('answers 404 Token not found for %s', async (path) => {
    expect(await call(path)).toEqual({ status: 404, body: { statusCode: 404, message: 'Token not found', error: 'Not Found' } });
  });

  it.each(['yes', 'TRUE', '1', ''])('refuses firstOnly=%j with 400', async (value) => {
    const { status, body } = await call<{ statusCode: number; message: string; errors: { field: string; message: string }[] }>(
      `/v2/currencies?network=base&firstOnly=${value}`,
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ field: 'firstOnly', message: "firstOnly must be 'true' or 'false' if provided" }]);
    expect(body.message).toContain('firstOnly');
  });

  // The local chain has EUR, GBP, CNY and JPY feeds against USD and USDC, USDT, DAI feeds (no FAU feed),
  // so each invoice currency pays with the local fUSDC, fUSDT and DAI on sepolia.
  it.each(['USD', 'EUR', 'CNY', 'GBP', 'JPY'])('lists the sepolia conversion routes of %s from the local feeds', async (fiat) => {
    const { status, body } = await call<RoutesBody>(`/v2/currencies/${fiat}/conversion-routes?network=sepolia`);
    expect(status).toBe(200);
    expect(body.currencyId).toBe(fiat);
    expect(body.network).toBe('sepolia');
    expect(body.conversionRoutes.map((c) => [c.id, c.address])).toEqual([
      ['fUSDC-sepolia', chain.tokens.USDC],
      ['fUSDT-sepolia', chain.tokens.USDT],
      ['DAI-sepolia', chain.tokens.DAI],
    ]);
  });

  it('lists routes over several networks, naming them as asked (chain names accepted)', async () => {
    const { body } = await call<RoutesBody>('/v2/currencies/EUR/conversion-routes?networks=sepolia,POLYGON,base');
    expect(body.networks).toEqual(['sepolia', 'matic', 'base']);
    expect(body.network).toBeUndefined();
    expect(body.conversionRoutes.map((c) => c.id)).toEqual([
      'fUSDC-sepolia',
      'fUSDT-sepolia',
      'DAI-sepolia',
      'USDCn-matic',
      'USDC-matic',
      'USDT-matic',
      'DAI-matic',
    ]);
  });

  it('lists routes on every network when none is asked, with network null', async () => {
    const { body } = await call<RoutesBody>('/v2/currencies/USD/conversion-routes');
    expect(body.network).toBeNull();
    expect(new Set(body.conversionRoutes.map((c) => c.network))).toEqual(
      new Set(['mainnet', 'base', 'optimism', 'arbitrum-one', 'matic', 'bsc', 'sepolia']),
    );
  });

  it('answers 404 for an unknown currency and 400 for bad network arguments', async () => {
    expect((await call('/v2/currencies/XYZ/conversion-routes')).status).toBe(404);
    expect((await call('/v2/currencies/EUR/conversion-routes?network=nowhere')).status).toBe(400);
    expect((await call('/v2/currencies/EUR/conversion-routes?network=base&networks=base')).status).toBe(400);
    expect((await call('/v2/currencies/EUR/conversion-routes?unknown=1')).status).toBe(400);
  });

  it('requires credentials (api-key-or-client-id)', async () => {
    expect((await fetch(`${app.url}/v2/currencies?network=base`)).status).toBe(401);
  });
});
