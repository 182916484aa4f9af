import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';

const PAYEE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** An RPC endpoint that is down: every request answers 503 with no JSON-RPC body. */
async function deadRpc(): Promise<{ url: string; server: Server; calls: () => number }> {
  let calls = 0;
  const server = createServer((_req, res) => {
    calls += 1;
    res.writeHead(503).end('upstream unavailable');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, calls: () => calls };
}

// Fiat-invoiced payouts on a production network (base) read USD rates through Request Network's
// ChainlinkConversionPath over that network's RPC: no rate there is a 400, the RPC down a 503.
describe('POST /v2/payouts converting on a production network', () => {
  let p: PayoutsApi;
  let rpc: Awaited<ReturnType<typeof deadRpc>>;

  beforeAll(async () => {
    rpc = await deadRpc();
    p = await startPayoutsApi({ RPC_URL_BASE: rpc.url });
  });
  afterAll(async () => {
    await p?.close();
    await new Promise((resolve) => rpc?.server.close(resolve));
  });

  it('answers 400 naming paymentCurrency for EUR on base, where Request Network publishes no EUR rate, without calling the RPC', async () => {
    const before = rpc.calls();
    const res = await p.call('POST', '/v2/payouts', {
      payee: PAYEE,
      amount: '10.00',
      invoiceCurrency: 'EUR',
      paymentCurrency: 'USDC-base',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(String(res.body.message)).toMatch(/No conversion from EUR to USDC-base.*No EUR\/USD rate on base/);
    expect(rpc.calls()).toBe(before);
  });

  it('answers 503 for USD in USDC-base, whose rate exists, when the base RPC is down', async () => {
    const res = await p.call('POST', '/v2/payouts', {
      payee: PAYEE,
      amount: '10.00',
      invoiceCurrency: 'USD',
      paymentCurrency: 'USDC-base',
    });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ statusCode: 503 });
    expect(rpc.calls()).toBeGreaterThan(0);
  });
});
