import { Contract, getAddress, Wallet } from 'ethers';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { testStack } from '@payrail/test-support/stack.js';
import { type ApiTransaction, ChainPayer, setEtherBalance } from '@payrail/test-support/payments-api/chain-payer.js';
import { ORIGIN, PAYEE, startSecurePaymentsApi, type SecurePaymentsApi } from '@payrail/test-support/payments-api/secure-payments-api.js';

interface Field {
  field: string;
  message: string;
}

// POST /v2/secure-payments with Request Network's current item shape {destinationId, amount}: the
// payee, network and token come from the platform's stored destination; the link keeps it and
// the hosted page's transactions pay that destination on the local chain.
describe('secure payments created with a payee destination id', () => {
  const chain = testStack().chain;
  let s: SecurePaymentsApi;
  let payer: ChainPayer;
  let otherKey: { 'x-api-key': string };
  const browser = () => ({ 'x-client-id': s.browser.clientId, origin: ORIGIN });
  const destination = async (walletAddress: string, headers?: Record<string, string>) => {
    const res = await s.p.call<{ destinationId: string; id: string }>(
      'POST',
      '/v2/payee-destination',
      { walletAddress, currency: 'fUSDC-sepolia', label: 'Shop' },
      headers,
    );
    expect(res.status).toBe(201);
    return res.body;
  };
  const refusal = async (items: object[], field: string, message: string) => {
    const res = await s.create({ requests: items });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect((res.body.errors as Field[]).map((e) => [e.field, e.message])).toEqual([[field, message]]);
  };

  beforeAll(async () => {
    s = await startSecurePaymentsApi();
    otherKey = { 'x-api-key': (await createTenant(s.p.api.app)).apiKey.apiKey };
    const wallet = Wallet.createRandom();
    payer = new ChainPayer(chain.rpcUrl, wallet.privateKey);
    await setEtherBalance(chain.rpcUrl, wallet.address, 10n ** 18n);
    const mint = new Contract(chain.tokens.USDC, ['function mint(address,uint256)'], payer.signer).getFunction('mint');
    await ((await mint(wallet.address, 10n ** 12n)) as { wait(): Promise<unknown> }).wait();
  }, 60_000);
  afterAll(async () => {
    payer?.close();
    await s?.p.close();
  });

  it("fills the page's destination and pays the destination's wallet in its token on the local chain", async () => {
    const payee = Wallet.createRandom().address;
    const dest = await destination(payee.toLowerCase());
    const created = await s.create({ requests: [{ destinationId: dest.destinationId, amount: '12.5' }], reference: 'INV-7' });
    expect(created.status).toBe(201);
    const page = await s.page(created.body.token);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ payee, network: 'sepolia', paymentCurrency: 'fUSDC-sepolia', amount: '12.5', reference: 'INV-7' });
    expect(page.body.destination).toEqual({
      id: dest.id,
      destinationId: dest.destinationId,
      humanReadableInteropAddress: dest.destinationId.slice(0, dest.destinationId.lastIndexOf(':')),
      walletAddress: payee,
      tokenAddress: chain.tokens.USDC,
      chainId: 11155111,
      network: 'sepolia',
      currency: 'fUSDC-sepolia',
    });

    const pay = await s.p.call<{ transactions: ApiTransaction[] }>(
      'GET',
      `/v2/secure-payments/${created.body.token}/pay?wallet=${payer.address}`,
      undefined,
      browser(),
    );
    expect(pay.status).toBe(200);
    const before = await payer.tokenBalance(chain.tokens.USDC, payee);
    await payer.submit(pay.body.transactions);
    expect((await payer.tokenBalance(chain.tokens.USDC, payee)) - before).toBe(12_500_000n);
  });

  it('keeps the destination a link was created for after the destination is deactivated; new links are refused', async () => {
    const dest = await destination(Wallet.createRandom().address);
    const created = await s.create({ requests: [{ destinationId: dest.destinationId, amount: '1' }] });
    expect(created.status).toBe(201);
    expect((await s.p.call('DELETE', `/v2/payee-destination/${encodeURIComponent(dest.destinationId)}`)).status).toBe(200);
    expect((await s.page(created.body.token)).body.destination).toMatchObject({ destinationId: dest.destinationId });
    await refusal(
      [{ destinationId: dest.destinationId, amount: '1' }],
      'requests.0.destinationId',
      'requests.0.destinationId names a deactivated payee destination (POST /v2/payee-destination reactivates it)',
    );
  });

  it("refuses another platform's destination, a malformed id, and payee or paymentCurrency beside destinationId (400 naming the field)", async () => {
    const theirs = await destination(Wallet.createRandom().address, otherKey);
    await refusal(
      [{ destinationId: theirs.destinationId, amount: '1' }],
      'requests.0.destinationId',
      'requests.0.destinationId is not a payee destination of this platform (see GET /v2/payee-destination)',
    );
    await refusal(
      [{ destinationId: 'nope', amount: '1' }],
      'requests.0.destinationId',
      'requests.0.destinationId must be a destination id, <wallet>@eip155:<chainId>#<checksum>:<tokenAddress> (see GET /v2/payee-destination)',
    );
    const mine = await destination(Wallet.createRandom().address);
    await refusal(
      [{ destinationId: mine.destinationId, amount: '1', payee: PAYEE }],
      'requests.0.payee',
      'requests.0.payee cannot be sent with a payee destination (the destination decides it)',
    );
    await refusal(
      [{ destinationId: mine.destinationId, amount: '1', paymentCurrency: 'fUSDT-sepolia' }],
      'requests.0.paymentCurrency',
      'requests.0.paymentCurrency cannot be sent with a payee destination (the destination decides it)',
    );
  });

  it('still takes the older {payee, amount, invoiceCurrency, paymentCurrency} shape (destination null), and names payee when neither is sent', async () => {
    const older = await s.create({
      requests: [{ payee: PAYEE, amount: '2', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' }],
    });
    expect(older.status).toBe(201);
    expect((await s.page(older.body.token)).body.destination).toBeNull();
    const res = await s.create({ requests: [{ amount: '2' }] });
    expect(res.status).toBe(400);
    expect((res.body.errors as Field[]).map((e) => [e.field, e.message])).toEqual([
      ['requests.0.payee', 'payee is required (or destinationId)'],
      ['requests.0.invoiceCurrency', 'invoiceCurrency is required'],
      ['requests.0.paymentCurrency', 'paymentCurrency is required'],
    ]);
    await refusal(
      [{ payee: PAYEE, amount: '2', invoiceCurrency: 'fUSDC-sepolia' }],
      'requests.0.paymentCurrency',
      'paymentCurrency is required',
    );
  });

  it('takes the destination bound to the creating Client ID when an item names neither destinationId nor payee', async () => {
    const dest = await destination(Wallet.createRandom().address);
    const bind = await s.p.call('PUT', `/v2/client-ids/${s.otherBrowser.id}`, { payeeDestinationId: dest.destinationId });
    expect(bind.status).toBe(200);
    const created = await s.create({ requests: [{ amount: '3' }] }, { 'x-client-id': s.otherBrowser.clientId, origin: ORIGIN });
    expect(created.status).toBe(201);
    const page = await s.page(created.body.token, '', { 'x-client-id': s.otherBrowser.clientId, origin: ORIGIN });
    expect(page.body.destination).toMatchObject({ id: dest.id, destinationId: dest.destinationId });
    // An API key has no bound destination: payee is asked for.
    expect((await s.create({ requests: [{ amount: '3' }] })).status).toBe(400);
  });

  it('masks the destination on a page that hides the payee address: no ids, wallet ends only', async () => {
    const payee = getAddress(Wallet.createRandom().address);
    const dest = await destination(payee);
    const created = await s.create({
      requests: [{ destinationId: dest.destinationId, amount: '1' }],
      accessPolicy: { hidePayeeAddress: true },
    });
    const page = await s.page(created.body.token);
    expect(page.body.destination).toMatchObject({
      destinationId: null,
      humanReadableInteropAddress: null,
      walletAddress: `${payee.slice(0, 6)}…${payee.slice(-4)}`,
    });
  });
});
