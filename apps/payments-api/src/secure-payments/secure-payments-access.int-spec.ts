import { createHash } from 'node:crypto';
import { Wallet } from 'ethers';
import {
  ALLOWED,
  type Created,
  FLAKY_KYT,
  ORIGIN,
  OUTSIDER,
  PAYEE,
  PAYER,
  PAYMENT,
  SANCTIONED,
  startSecurePaymentsApi,
  TRON,
  walletProof,
  type SecurePaymentsApi,
} from '@payrail/test-support/payments-api/secure-payments-api.js';

describe('secure payments: access policy, user events, KYT and payout links', () => {
  let s: SecurePaymentsApi;
  let p: SecurePaymentsApi['p'];
  let browser: SecurePaymentsApi['browser'];
  const payment = PAYMENT;
  const create: SecurePaymentsApi['create'] = (...args) => s.create(...args);
  const page: SecurePaymentsApi['page'] = (...args) => s.page(...args);
  const events: SecurePaymentsApi['events'] = (token) => s.events(token);

  beforeAll(async () => {
    s = await startSecurePaymentsApi();
    ({ p, browser } = s);
  });
  afterAll(() => s?.p.close());

  const hdr = (extra: Record<string, string> = {}) => ({ 'x-client-id': browser.clientId, origin: ORIGIN, ...extra });

  it('allowlist: a proven outside wallet gets 403 with access_rejected (EVM lowercased); a typed-in one 403 without; a proven allowed one unmasks', async () => {
    const { body } = await create({
      requests: [payment],
      accessPolicy: { allowedPayerAddresses: [ALLOWED, PAYER.address, TRON], hidePayeeAddress: true },
    });
    const masked = await page(body.token);
    expect(masked.body).toMatchObject({ isPayeeAddressMasked: true, payee: `${PAYEE.slice(0, 6)}…${PAYEE.slice(-4)}` });
    const approved = await page(body.token, `?wallet=${PAYER.address}`, hdr(await walletProof(PAYER, body.token)));
    expect(approved.body).toMatchObject({
      payee: PAYEE,
      isPayeeAddressMasked: false,
      accessDecision: { status: 'approved', walletAddress: PAYER.address.toLowerCase(), reason: 'allowlisted' },
    });
    const outsider = Wallet.createRandom();
    const refused = await page(body.token, '', hdr(await walletProof(outsider, body.token)));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ statusCode: 403, message: 'This wallet is not allowed to pay this secure payment', error: 'Forbidden' });
    // Typed-in addresses prove nothing: refused (no balances for them), but no event anyone could forge.
    expect((await page(body.token, `?eoaWallet=${OUTSIDER}`)).status).toBe(403);
    const rejected = (await events(body.token)).filter((e) => e.event_type === 'secure_payment.access_rejected');
    expect(rejected.map((e) => e.payload.attemptedPayerWalletAddress)).toEqual([outsider.address.toLowerCase()]);
    expect(rejected[0].payload).toMatchObject({
      event: 'secure_payment.access_rejected',
      requestId: body.requestIds[0],
      clientId: null,
      orchestratorId: null,
      _routing: { platformId: p.tenant.platform.id },
    });
  });

  it('attack: ?wallet=<an allowlisted address> without its signature no longer unmasks a hidden payee', async () => {
    const { body } = await create({ requests: [payment], accessPolicy: { allowedPayerAddresses: [ALLOWED], hidePayeeAddress: true } });
    const typed = await page(body.token, `?wallet=${ALLOWED}`);
    expect(typed.status).toBe(200);
    expect(typed.body).toMatchObject({
      payee: `${PAYEE.slice(0, 6)}…${PAYEE.slice(-4)}`,
      isPayeeAddressMasked: true,
      accessDecision: { status: 'not_evaluated', walletAddress: ALLOWED.toLowerCase(), reason: 'wallet_not_proven' },
    });
    const hiddenOnly = (await create({ requests: [payment], accessPolicy: { hidePayeeAddress: true } })).body.token;
    expect((await page(hiddenOnly, `?wallet=${OUTSIDER}`)).body).toMatchObject({ isPayeeAddressMasked: true });
    expect((await page(hiddenOnly, '', hdr(await walletProof(PAYER, hiddenOnly)))).body).toMatchObject({
      payee: PAYEE,
      isPayeeAddressMasked: false,
      accessDecision: { status: 'approved', reason: 'no_policy' },
    });
  });

  it('refuses a wallet proof that is stale, signed for another payment, or missing its timestamp (401 / 400)', async () => {
    const { body } = await create({
      requests: [payment],
      accessPolicy: { allowedPayerAddresses: [PAYER.address], hidePayeeAddress: true },
    });
    const stale = await page(
      body.token,
      '',
      hdr(await walletProof(PAYER, body.token, 'view-secure-payment', new Date(Date.now() - 6 * 60_000).toISOString())),
    );
    expect(stale).toMatchObject({
      status: 401,
      body: { message: 'Wallet proof has expired: sign a fresh timestamp (proofs are valid for 5 minutes)', error: 'Unauthorized' },
    });
    // Signed for another token: it recovers some other address, outside the allowlist.
    const other = (await create({ requests: [payment] })).body.token;
    expect((await page(body.token, '', hdr(await walletProof(PAYER, other)))).status).toBe(403);
    const { 'x-wallet-proof': signature } = await walletProof(PAYER, body.token);
    const partial = await page(body.token, '', hdr({ 'x-wallet-proof': signature }));
    expect(partial).toMatchObject({
      status: 400,
      body: { message: 'Validation failed: x-wallet-proof-timestamp is required with a wallet proof' },
    });
  });

  it('turns page reports into secure_payment.user_event with the wallet hashed, never raw (Client ID + Origin)', async () => {
    const { body } = await create({ requests: [payment] });
    const post = (event: object, headers: Record<string, string> = { 'x-client-id': browser.clientId, origin: ORIGIN }) =>
      p.call('POST', `/v2/secure-payments/${body.token}/events`, event, headers);
    const connected = await post({ userEvent: 'wallet_connected', walletAddress: ALLOWED, properties: { wallet_provider: 'metamask' } });
    expect(connected).toMatchObject({ status: 202, body: { accepted: true } });
    const approved = await post({
      userEvent: 'payment_approved_in_wallet',
      occurredAt: '2026-11-23T08:00:00.000Z',
      properties: { payment_submission_id: `0x${'ab'.repeat(32)}`, payment_submission_id_type: 'transaction_hash' },
    });
    expect(approved.status).toBe(202);
    expect((await post({ userEvent: 'wallet_connected', properties: { wallet_address: ALLOWED } })).status).toBe(400);
    expect((await post({ userEvent: 'payment_refunded' })).status).toBe(400);
    expect((await post({ userEvent: 'wallet_connected' }, { 'x-client-id': browser.clientId })).status).toBe(401);
    expect((await post({ userEvent: 'wallet_connected' }, { 'x-api-key': p.tenant.apiKey.apiKey })).status).toBe(403);
    const rows = (await events(body.token)).filter((e) => e.event_type === 'secure_payment.user_event');
    expect(rows.map((r) => r.payload.userEvent)).toEqual(['wallet_connected', 'payment_approved_in_wallet']);
    expect(rows[0].payload).toMatchObject({
      securePaymentToken: body.token,
      requestId: body.requestIds[0],
      requestIds: body.requestIds,
      clientId: null,
      orchestratorId: null,
      properties: {
        payment_type: 'single',
        wallet_provider: 'metamask',
        wallet_address_hashed: createHash('sha256').update(ALLOWED.toLowerCase()).digest('hex'),
      },
    });
    expect(rows[1].payload.occurredAt).toBe('2026-11-23T08:00:00.000Z');
    expect(JSON.stringify(rows).toLowerCase()).not.toContain(ALLOWED.slice(2).toLowerCase());
  });

  it('KYT (sandbox): screens a proven wallet once with kyt.screening.completed; a rejected one is refused for itself, the payment stays pending', async () => {
    const screened = () => create({ requests: [payment], accessPolicy: { screening: 'kyt_all_wallets', hidePayeeAddress: true } });
    const kyt = async (token: string) =>
      (await events(token)).filter((e) => e.event_type === 'kyt.screening.completed').map((e) => e.payload);

    const ok = (await screened()).body.token;
    const approved = await page(ok, `?wallet=${PAYER.address}`, hdr(await walletProof(PAYER, ok)));
    expect(approved.body).toMatchObject({
      status: 'pending',
      isPayeeAddressMasked: false,
      accessDecision: { status: 'approved', reason: 'screened' },
    });
    await page(ok, '', hdr(await walletProof(PAYER, ok)));
    expect(await kyt(ok)).toEqual([
      expect.objectContaining({
        event: 'kyt.screening.completed',
        paymentToken: ok,
        clientId: null,
        orchestratorId: null,
        walletAddress: PAYER.address.toLowerCase(),
        eoaAddress: PAYER.address.toLowerCase(),
        smartAccountAddress: null,
        status: 'approved',
        provider: 'payrail-sandbox',
        policyId: null,
      }),
    ]);

    const bad = (await screened()).body.token;
    const rejected = await page(bad, '', hdr(await walletProof(SANCTIONED, bad)));
    expect(rejected.body).toMatchObject({
      status: 'pending',
      isPayeeAddressMasked: true,
      accessDecision: { status: 'rejected', walletAddress: SANCTIONED.address.toLowerCase(), reason: 'screening_rejected' },
    });
    expect((await kyt(bad)).map((e) => [e.status, e.walletAddress])).toEqual([['rejected', SANCTIONED.address.toLowerCase()]]);
    expect((await events(bad)).filter((e) => e.event_type === 'secure_payment.status_changed')).toEqual([]);
    // Another payer still gets the page and can pay.
    expect((await page(bad, '', hdr(await walletProof(PAYER, bad)))).body).toMatchObject({
      status: 'pending',
      accessDecision: { status: 'approved', reason: 'screened' },
    });

    const flaky = (await screened()).body.token;
    const unavailable = await page(flaky, '', hdr(await walletProof(FLAKY_KYT, flaky)));
    expect(unavailable.body).toMatchObject({
      status: 'pending',
      isPayeeAddressMasked: true,
      accessDecision: { status: 'not_evaluated', reason: 'screening_unavailable' },
    });
    expect(await events(flaky)).toEqual([]);
  });

  it('attack: ?wallet=<a sanctioned address> on a screened link screens nothing and leaves it pending for everyone', async () => {
    const { body } = await create({ requests: [payment], accessPolicy: { screening: 'kyt_all_wallets' } });
    const typed = await page(body.token, '?eoaWallet=0x000000000000000000000000000000000000dEaD');
    expect(typed.body).toMatchObject({
      status: 'pending',
      accessDecision: { status: 'not_evaluated', walletAddress: '0x000000000000000000000000000000000000dead', reason: 'wallet_not_proven' },
    });
    expect((await page(body.token)).body).toMatchObject({ status: 'pending' });
    expect(await events(body.token)).toEqual([]);
  });

  it("creates a single payout link (POST /v2/secure-payments/payouts) read like any single payment; a network not the currency's is 400", async () => {
    const res = await p.call<Created>('POST', '/v2/secure-payments/payouts', {
      recipient: PAYEE,
      network: 'sepolia',
      currency: 'fUSDC-sepolia',
      amount: '3',
      reference: 'payout-7',
      creatorWalletAddress: ALLOWED,
    });
    expect(res.status).toBe(201);
    expect((await page(res.body.token)).body).toMatchObject({
      payee: PAYEE,
      amount: '3',
      paymentCurrency: 'fUSDC-sepolia',
      reference: 'payout-7',
    });
    const wrong = await p.call<{ errors: unknown }>('POST', '/v2/secure-payments/payouts', {
      recipient: PAYEE,
      network: 'base',
      currency: 'fUSDC-sepolia',
      amount: '3',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: 'network', message: 'network must be sepolia, the network of fUSDC-sepolia' }]);
  });
});
