import { appendToOutbox, SecurePaymentsRepository, sqlExecute, sqlOne } from '@payrail/persistence';
import { Wallet } from 'ethers';
import { ANVIL_ACCOUNTS } from '@payrail/devstack';
import { CreateClientId, LinkOrchestrator } from '@payrail/tenancy';
import { createOrchestrator, createTenant } from '@payrail/test-support/tenancy/tenants.js';
import {
  ALLOWED,
  ORIGIN,
  PAYEE,
  PAYMENT,
  startSecurePaymentsApi,
  type SecurePaymentsApi,
} from '@payrail/test-support/payments-api/secure-payments-api.js';

describe('secure payments: create, GET by token (fields, query rules, Origin, 404) and status lifecycle', () => {
  let s: SecurePaymentsApi;
  let p: SecurePaymentsApi['p'];
  let db: SecurePaymentsApi['db'];
  let browser: SecurePaymentsApi['browser'];
  let otherBrowser: SecurePaymentsApi['otherBrowser'];
  const payment = PAYMENT;
  const create: SecurePaymentsApi['create'] = (...args) => s.create(...args);
  const page: SecurePaymentsApi['page'] = (...args) => s.page(...args);
  const events: SecurePaymentsApi['events'] = (token) => s.events(token);

  beforeAll(async () => {
    s = await startSecurePaymentsApi();
    ({ p, db, browser, otherBrowser } = s);
  });
  afterAll(() => s?.p.close());

  it('creates a payment with an API key (201: ULID token, page URL with the oldest Client ID, the request behind it) and serves the exact single record', async () => {
    const res = await create({ requests: [payment] });
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    // An API key names no Client ID: the link carries the platform's oldest active one (the harness tenant's).
    expect(res.body.securePaymentUrl).toBe(`https://pay.payrail.test/${res.body.token}?clientId=${p.tenant.client.clientId}`);
    expect(res.body.requestIds).toHaveLength(1);
    const request = (await sqlOne<{ payment_reference: string; status: string; currency_address: string }>(
      db,
      'SELECT * FROM requests WHERE id = $1',
      res.body.requestIds,
    ))!;
    expect(request.payment_reference).toMatch(/^0x[0-9a-f]{16}$/);
    const read = await page(res.body.token);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      paymentType: 'single',
      status: 'pending',
      redirectUrl: null,
      redirectLabel: null,
      expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      branding: null,
      requestIds: res.body.requestIds,
      payee: PAYEE,
      network: 'sepolia',
      amount: '12.5',
      paymentCurrency: 'fUSDC-sepolia',
      isNativeCurrency: false,
      destination: null,
      reference: null,
      feePlan: null,
      orchestratorId: null,
      isPayeeAddressMasked: false,
      accessDecision: { status: 'not_evaluated', walletAddress: null, reason: 'no_wallet' },
      merchant: { name: p.tenant.platform.name, logoUrl: null },
      networkName: 'Local test chain (Sepolia testnet)',
      tokenName: 'FakeUSDC',
      tokenSymbol: 'fUSDC',
      feeAmount: '0',
      payerTotalAmount: '12.5',
      receipt: null,
      // Extension (pay by transfer): the request's deposit address, nothing received yet.
      deposit: {
        address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) as unknown,
        network: 'sepolia',
        chainId: 11155111,
        tokenAddress: request.currency_address,
        amount: '12.5',
        amountUnits: '12500000',
        received: '0',
        receivedUnits: '0',
        receivedBlock: null,
        status: 'awaiting',
        sweepTxHash: null,
        sweepGasCost: null,
        confirmations: null,
        uncountedTransfers: [],
      },
    });
  });

  it('keeps redirect, label and reference; branding in the full branding shape (unset fields null); the Client ID fee as the spec fee plan in USD', async () => {
    const feeClient = await p.api.app
      .get(CreateClientId)
      .execute({ platformId: p.tenant.platform.id, allowedOrigins: [ORIGIN], feePercentage: '2', feeAddress: ALLOWED });
    const res = await create(
      {
        requests: [payment],
        redirectUrl: 'https://shop.example/done',
        redirectLabel: 'Back to the shop',
        branding: { primaryActionColor: '#0052ff', displayRequestBranding: true },
        reference: 'order-42',
      },
      { 'x-client-id': feeClient.clientId, origin: ORIGIN },
    );
    expect(res.status).toBe(201);
    const read = await page(res.body.token, '', { 'x-client-id': feeClient.clientId, origin: ORIGIN });
    expect(read.body).toMatchObject({
      redirectUrl: 'https://shop.example/done',
      redirectLabel: 'Back to the shop',
      reference: 'order-42',
    });
    expect(read.body.branding).toEqual({
      id: res.body.token,
      clientIdId: feeClient.id,
      orchestratorId: null,
      logoPath: null,
      pageBackgroundColor: null,
      cardBackgroundColor: null,
      primaryActionColor: '#0052ff',
      primaryTextColor: null,
      secondaryTextColor: null,
      termsPath: null,
      privacyPath: null,
      displayRequestBranding: true,
    });
    // 12.5 fUSDC at the local feed's 1.00 USD, 2 % on top paid by the payer.
    expect(read.body.feePlan).toEqual({
      version: 1,
      flow: 'get_paid',
      defaultFeeBearer: 'payer',
      grossAmountUsd: '12.75',
      netRecipientAmountUsd: '12.50',
      payerTotalAmountUsd: '12.75',
      totalFeesUsd: '0.25',
      payeeBorneFeesUsd: '0.00',
      payerBorneFeesUsd: '0.25',
      fees: [
        {
          type: 'platform',
          label: 'Platform fee',
          feeBearer: 'payer',
          feeBearerSource: 'fee_config',
          percentageBps: 200,
          capUsd: null,
          calculatedAmountUsd: '0.25',
          destinationResolver: 'fee_address',
          destinationRef: { evmAddress: ALLOWED, tronAddress: null },
          configSource: 'client_id',
          fixedAmountUsd: null,
        },
      ],
    });
    // Created with that Client ID: another Client ID of the same platform does not see it.
    expect((await page(res.body.token, '', { 'x-client-id': browser.clientId, origin: ORIGIN })).status).toBe(404);
  });

  it('lets an orchestrator create for a linked platform (orchestratorId fixed on the payment and its request), not for an unlinked one', async () => {
    const orchestrator = await createOrchestrator(p.api.app);
    const headers = { 'x-orchestrator-key': orchestrator.orchestratorKey, 'x-client-id': browser.clientId };
    expect((await create({ requests: [payment] }, headers)).status).toBe(403);
    expect((await create({ requests: [payment] }, { 'x-orchestrator-key': orchestrator.orchestratorKey })).status).toBe(401);
    await p.api.app.get(LinkOrchestrator).execute({ orchestratorId: orchestrator.id, clientId: browser.clientId });
    const res = await create({ requests: [payment] }, headers);
    expect(res.status).toBe(201);
    // The link carries the Client ID the orchestrator acted for.
    expect(res.body.securePaymentUrl).toBe(`https://pay.payrail.test/${res.body.token}?clientId=${browser.clientId}`);
    expect((await page(res.body.token)).body.orchestratorId).toBe(orchestrator.id);
    const row = (await sqlOne<{ orchestrator_id: string; client_id_id: string }>(
      db,
      'SELECT * FROM requests WHERE id = $1',
      res.body.requestIds,
    ))!;
    expect(row.orchestrator_id).toBe(orchestrator.id);
    // Created for that Client ID: another Client ID of the platform does not see it.
    expect((await page(res.body.token, '', { 'x-client-id': otherBrowser.clientId, origin: ORIGIN })).status).toBe(404);
  });

  it.each([
    [{ requests: [payment], redirectLabel: 'Back' }, 'redirectLabel'],
    [{ requests: [payment], redirectUrl: 'javascript:alert(1)' }, 'redirectUrl'],
    [{ requests: [payment, payment] }, 'requests'],
    [{ requests: [] }, 'requests'],
    [{ requests: [payment], expiresIn: 5 }, 'expiresIn'],
    [{ requests: [payment], accessPolicy: { allowedPayerAddresses: ['0x123'] } }, 'accessPolicy.allowedPayerAddresses'],
    [{ requests: [{ ...payment, paymentCurrency: 'NOPE-sepolia' }] }, 'requests.0.paymentCurrency'],
  ])('refuses an invalid body with 400 naming the field (%j)', async (body, field) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.errors)).toContain(`"field":"${field}`);
  });

  it.each([
    ['?token=USDC', 'token', 'token must be sent together with chain'],
    ['?token=DAI&chain=BASE', 'token', 'token must be one of USDC, USDT, EURC, USDT0'],
    ['?chain=SEPOLIA', 'chain', 'chain must be one of BASE, OPTIMISM, ARBITRUM, ETHEREUM, POLYGON, BNB'],
    [`?eoaWallet=${ALLOWED}&isSafe=false`, 'eoaWallet', 'eoaWallet and isSafe are mutually exclusive'],
    ['?isSafe=true', 'wallet', 'wallet (the multisig address) is required when isSafe is true'],
    ['?isSafe=yes', 'isSafe', 'isSafe must be "true" or "false"'],
    ['?wallet=0xnot-an-address', 'wallet', 'wallet must be an EVM (0x...) or Tron (T...) address'],
    ['?eoaWallet=Tnope', 'eoaWallet', 'eoaWallet must be an EVM (0x...) or Tron (T...) address'],
  ])('answers the query rule %s with 400', async (query, field, message) => {
    const { body } = await create({ requests: [payment] });
    const res = await page(body.token, query);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field, message }]);
  });

  it('reports paymentOptions for the wallet holding the funds, read from the chain', async () => {
    const res = await create({ requests: [payment] });
    expect(res.status).toBe(201);
    const funded = await page(res.body.token, `?wallet=${ANVIL_ACCOUNTS[1].address}`);
    expect(funded.status).toBe(200);
    const option = (funded.body.paymentOptions as Record<string, Record<string, Record<string, unknown>>>).SEPOLIA.fUSDC;
    expect(option).toMatchObject({ hasEnoughBalance: true, neededAmount: '12.5' });
    expect(option.balance).toMatch(/^\d+(\.\d+)?$/);
    const empty = await page(res.body.token, `?eoaWallet=${Wallet.createRandom().address}`);
    expect(empty.body.paymentOptions).toEqual({ SEPOLIA: { fUSDC: { balance: '0', hasEnoughBalance: false, neededAmount: '12.5' } } });
    expect((await page(res.body.token)).body).not.toHaveProperty('paymentOptions');
  });

  it('accepts token with chain, and isSafe=true with a wallet', async () => {
    const { body } = await create({ requests: [payment] });
    expect((await page(body.token, '?token=USDC&chain=BASE')).status).toBe(200);
    expect((await page(body.token, `?isSafe=true&wallet=${ALLOWED}`)).status).toBe(200);
  });

  it('enforces x-client-id with Origin: no Origin 401, a foreign Origin 403, an API key alone 403', async () => {
    const { body } = await create({ requests: [payment] });
    expect((await page(body.token, '', { 'x-client-id': browser.clientId })).status).toBe(401);
    expect((await page(body.token, '', { 'x-client-id': browser.clientId, origin: 'https://evil.example' })).status).toBe(403);
    expect((await page(body.token, '', { 'x-api-key': p.tenant.apiKey.apiKey })).status).toBe(403);
  });

  it("accepts the hosted page's own origin (SECURE_PAYMENT_PAGE_URL) with any Client ID on the page's routes only, preflight included", async () => {
    const { body } = await create({ requests: [payment] }, { 'x-client-id': browser.clientId, origin: ORIGIN });
    expect(body.securePaymentUrl).toBe(`https://pay.payrail.test/${body.token}?clientId=${browser.clientId}`);
    const pageOrigin = 'https://pay.payrail.test';
    const read = await page(body.token, '', { 'x-client-id': browser.clientId, origin: pageOrigin });
    expect(read.status).toBe(200);
    const intent = await p.call(
      'POST',
      `/v2/secure-payments/${body.token}/intent`,
      { txHash: `0x${'ab'.repeat(32)}`, chain: 'sepolia' },
      {
        'x-client-id': browser.clientId,
        origin: pageOrigin,
      },
    );
    expect(intent.status).toBe(202);
    // Not a way around the Client ID's origins elsewhere: creating a payment from the page's origin is refused.
    expect((await create({ requests: [payment] }, { 'x-client-id': browser.clientId, origin: pageOrigin })).status).toBe(403);
    const preflight = await fetch(`${p.api.url}/v2/secure-payments/${body.token}`, {
      method: 'OPTIONS',
      headers: { origin: pageOrigin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-client-id' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(pageOrigin);
  });

  it('answers 404 for an unknown token and for another platform', async () => {
    const { body } = await create({ requests: [payment] });
    expect((await page('01JDQ4W9ZK3M7T1B2C3D4E5F6G')).status).toBe(404);
    const other = await createTenant(p.api.app, { allowedOrigins: [ORIGIN] });
    const res = await page(body.token, '', { 'x-client-id': other.client.clientId, origin: ORIGIN });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, message: 'Secure payment not found', error: 'Not Found' });
    expect(otherBrowser.clientId).not.toBe(browser.clientId);
  });

  it('invalidates by DELETE (200, status event in the outbox), then 409 on a second DELETE', async () => {
    const { body } = await create({ requests: [payment] });
    const res = await p.call('DELETE', `/v2/secure-payments/${body.token}`);
    expect(res).toMatchObject({ status: 200, body: { token: body.token, status: 'invalidated' } });
    expect((await page(body.token)).body.status).toBe('invalidated');
    expect(await events(body.token)).toEqual([
      {
        event_type: 'secure_payment.status_changed',
        payload: expect.objectContaining({ token: body.token, from: 'pending', to: 'invalidated', reason: 'invalidated' }) as unknown,
      },
    ]);
    const again = await p.call('DELETE', `/v2/secure-payments/${body.token}`);
    expect(again.status).toBe(409);
  });

  it('reads expired past expiresIn, and records the transition once', async () => {
    const { body } = await create({ requests: [payment], expiresIn: 60 });
    expect((await page(body.token)).body.status).toBe('pending');
    await sqlExecute(db, `UPDATE secure_payments SET expires_at = now() - interval '1 second' WHERE token = $1`, [body.token]);
    expect((await page(body.token)).body.status).toBe('expired');
    expect((await page(body.token)).body.status).toBe('expired');
    const rows = await events(body.token);
    expect(rows.map((r) => [r.payload.from, r.payload.to])).toEqual([['pending', 'expired']]);
    expect((await p.call('DELETE', `/v2/secure-payments/${body.token}`)).status).toBe(409);
  });

  it('completes when every request is paid (the settlement hook), with its event and receipt, and is idempotent', async () => {
    const { body } = await create({ requests: [payment] });
    const txHash = `0x${'ab'.repeat(32)}`;
    await db.transaction(async (m) => {
      await sqlExecute(
        m,
        `UPDATE requests SET status = 'paid', amount_paid = expected_amount, tx_hash = $2, paid_at = '2026-11-27T10:00:00Z' WHERE id = $1`,
        [body.requestIds[0], txHash],
      );
      await appendToOutbox(m, await new SecurePaymentsRepository(m).settleForRequest(body.requestIds[0]));
      await appendToOutbox(m, await new SecurePaymentsRepository(m).settleForRequest(body.requestIds[0]));
    });
    const read = await page(body.token);
    expect(read.body.status).toBe('completed');
    // The local chain has no explorer: the hash alone.
    expect(read.body.receipt).toEqual({
      txHash,
      settledAt: '2026-11-27T10:00:00.000Z',
      explorerUrl: null,
      amountPaid: '12.5',
      feePaid: '0',
    });
    expect((await events(body.token)).map((r) => [r.payload.to, r.payload.reason])).toEqual([['completed', 'settled']]);
  });
});
