import { OFFRAMP_STEPS, verifyWebhook } from '@payrail/domain';
import { createDataSource, sqlRows } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { type ApiTransaction, ChainPayer } from '@payrail/test-support/payments-api/chain-payer.js';
import { startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { bankDetails, compliantPayer } from '@payrail/test-support/payer/offramp-payer.js';
import { addEndpoint } from '@payrail/test-support/webhook-worker/fixtures.js';
import { type ReceivedWebhook, TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { ANVIL_ACCOUNTS, waitFor, type AppHandle } from '@payrail/devstack';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { appEnv, createTestDatabase, startTestApp, uniqueName } from '@payrail/test-support/stack.js';

const PAYEE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

// The built payments-api, chain-worker and webhook-worker as processes on a private anvil running
// Request Network's published bytecode, with the sandbox off-ramp provider: a compliant payer's
// approved bank details, a crypto-to-fiat invoice paid with /pay's transactions to the off-ramp's
// deposit address, settled by the chain-worker, walked through every sub-status by the sandbox,
// and payment.processing for each then payment.confirmed (isCryptoToFiat) delivered signed.
describe('crypto-to-fiat: an invoice paid on chain through the sandbox off-ramp (built apps, private chain)', () => {
  let chain: Awaited<ReturnType<typeof startPrivateChain>>;
  let apps: AppHandle[] = [];
  let ds: DataSource;
  let apiKey: string;
  let receiver: TestReceiver;
  let secret: string;
  let payer: ChainPayer;
  let env: Record<string, string>;

  beforeAll(async () => {
    chain = await startPrivateChain();
    const databaseUrl = await createTestDatabase();
    env = appEnv(databaseUrl, uniqueName('c2f'), {
      RPC_URL_SEPOLIA: chain.anvil.rpcUrl,
      CHAIN_DEPLOYMENT_FILE: chain.deploymentFile,
      CHAIN_CONFIRMATIONS: 'sepolia:0',
      DETECTION_POLL_INTERVAL_MS: '100',
      OUTBOX_POLL_INTERVAL_MS: '20',
      RATE_LIMIT_MULTIPLIER: '100',
    });
    const tenant = await createTenantIn(env);
    apiKey = tenant.apiKey.apiKey;
    ds = createDataSource(databaseUrl, 2);
    await ds.initialize();
    receiver = await TestReceiver.start();
    secret = (await addEndpoint(ds, { kind: 'client-id', clientIdId: tenant.client.id }, receiver.url())).secret;
    payer = new ChainPayer(chain.anvil.rpcUrl, ANVIL_ACCOUNTS[1].privateKey);
    apps = await Promise.all((['payments-api', 'chain-worker', 'webhook-worker'] as const).map((name) => startTestApp(name, env)));
  }, 120000);
  afterAll(async () => {
    payer?.close();
    await Promise.all(apps.map((a) => a.stop()));
    await receiver?.close();
    await ds?.destroy();
    await chain?.stop();
  });

  const call = async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const res = await fetch(`${apps[0].url}${path}`, {
      method,
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  /** The n-th delivery of `event` matching `marker`, signature checked. */
  const delivered = async (marker: string, event: string, nth = 1): Promise<Record<string, unknown>> => {
    const match = (r: ReceivedWebhook) => r.body.includes(marker) && r.body.includes(`"event":"${event}"`);
    const hook = await receiver.waitUntil(match, nth, 20000);
    expect(verifyWebhook(hook.body, hook.headers['x-service-signature'] as string, secret)).toBe(true);
    return JSON.parse(hook.body) as Record<string, unknown>;
  };
  const outboxOf = async (id: string) =>
    (await sqlRows<{ event_type: string }>(ds, 'SELECT event_type FROM outbox_events WHERE aggregate_id = $1 ORDER BY id', [id])).map(
      (r) => r.event_type,
    );

  /** A compliant payer's approved bank details. */
  const approvedDetails = async (user: string) => {
    await compliantPayer(apps[0].url, call, user);
    const created = await call<{ payment_detail: { id: string } }>(
      'POST',
      `/v2/payer/${encodeURIComponent(user)}/payment-details`,
      bankDetails(),
    );
    expect(created.status).toBe(201);
    const id = created.body.payment_detail.id;
    expect((await call('POST', `/sandbox/offramp/payment-details/${id}/decision`, { outcome: 'approved' })).status).toBe(200);
    return id;
  };
  /** A crypto-to-fiat invoice paid on chain through the off-ramp, settled. */
  const paidInvoice = async (user: string, detailsId: string) => {
    const invoice = await call<{ requestId: string }>('POST', '/v2/request', {
      payee: PAYEE,
      amount: '3',
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
      isCryptoToFiatAvailable: true,
    });
    const id = invoice.body.requestId;
    const pay = await call<{ transactions: ApiTransaction[] }>(
      'GET',
      `/v2/request/${id}/pay?wallet=${payer.address}&clientUserId=${encodeURIComponent(user)}&paymentDetailsId=${detailsId}`,
    );
    await payer.submit(pay.body.transactions);
    await waitFor(
      `request ${id} paid`,
      async () => ((await call<{ hasBeenPaid: boolean }>('GET', `/v2/request/${id}`)).body.hasBeenPaid ? true : undefined),
      20000,
      50,
    );
    return id;
  };

  it('reaches payment.processing for each sub-status, then payment.confirmed with isCryptoToFiat: true, at the webhook receiver', async () => {
    const user = `ada+${Date.now()}@example.com`;
    await compliantPayer(apps[0].url, call, user);
    const created = await call<{ payment_detail: { id: string } }>(
      'POST',
      `/v2/payer/${encodeURIComponent(user)}/payment-details`,
      bankDetails(),
    );
    expect(created.status).toBe(201);
    const detailsId = created.body.payment_detail.id;
    expect((await call('POST', `/sandbox/offramp/payment-details/${detailsId}/decision`, { outcome: 'approved' })).status).toBe(200);
    expect(await delivered(`"paymentDetailsId":"${detailsId}"`, 'payment_detail.updated')).toMatchObject({
      paymentDetailsId: detailsId,
      status: 'approved',
      clientUserId: user,
    });

    const invoice = await call<{ requestId: string }>('POST', '/v2/request', {
      payee: PAYEE,
      amount: '12.5',
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
      isCryptoToFiatAvailable: true,
    });
    expect(invoice.status).toBe(201);
    const id = invoice.body.requestId;
    const pay = await call<{ transactions: ApiTransaction[] }>(
      'GET',
      `/v2/request/${id}/pay?wallet=${payer.address}&clientUserId=${encodeURIComponent(user)}&paymentDetailsId=${detailsId}`,
    );
    expect(pay.status).toBe(200);
    const receipts = await payer.submit(pay.body.transactions);
    const [offramp] = await sqlRows<{ deposit_address: string; offramp_id: string }>(
      ds,
      'SELECT deposit_address, offramp_id FROM offramps WHERE request_id = $1',
      [id],
    );
    // The tokens went to the deposit address, none to the invoice's payee.
    expect(await payer.tokenBalance(chain.deployment.tokens.USDC.address, offramp.deposit_address)).toBe(12_500_000n);
    expect(await payer.tokenBalance(chain.deployment.tokens.USDC.address, PAYEE)).toBe(0n);
    await waitFor(
      `request ${id} paid`,
      async () => ((await call<{ hasBeenPaid: boolean }>('GET', `/v2/request/${id}`)).body.hasBeenPaid ? true : undefined),
      20000,
      50,
    );
    // Settled, and payment.confirmed held back until fiat is sent.
    expect(await outboxOf(id)).toEqual([]);

    for (const [i, subStatus] of OFFRAMP_STEPS.entries()) {
      const advanced = await call<{ subStatus?: string; status: string; offrampId: string }>(
        'POST',
        `/sandbox/offramp/requests/${id}/advance`,
        {},
      );
      expect(advanced).toEqual({ status: 200, body: { offrampId: offramp.offramp_id, changed: true, status: subStatus } });
      expect(await delivered(`"requestId":"${id}"`, 'payment.processing', i + 1)).toEqual({
        event: 'payment.processing',
        requestId: id,
        requestID: id,
        paymentReference: expect.stringMatching(/^0x[0-9a-f]{16}$/),
        offrampId: offramp.offramp_id,
        timestamp: expect.any(String),
        subStatus,
        paymentProcessor: 'offramp:sandbox',
        rawPayload: { provider: 'sandbox', type: 'offramp_update', offrampId: offramp.offramp_id, status: subStatus },
      });
    }
    expect(await delivered(`"requestId":"${id}"`, 'payment.confirmed')).toMatchObject({
      requestId: id,
      isCryptoToFiat: true,
      amount: '12.5',
      txHash: receipts.at(-1)!.hash,
    });
    expect(await outboxOf(id)).toEqual([...OFFRAMP_STEPS.map(() => 'payment.processing'), 'payment.confirmed']);
    const ended = await call<{ message: string }>('POST', `/sandbox/offramp/requests/${id}/advance`, {});
    expect(ended).toMatchObject({ status: 409, body: { message: expect.stringMatching(/has ended \(fiat_sent\)/) } });
  }, 90000);

  it('a bounced off-ramp: payment.processing for each report, then payment.failed (bounced), and never payment.confirmed', async () => {
    const user = `grace+${Date.now()}@example.com`;
    const id = await paidInvoice(user, await approvedDetails(user));
    for (const subStatus of ['initiated', 'ongoing_checks', 'retry_required', 'ongoing_checks', 'bounced']) {
      const advanced = await call<{ status: string }>('POST', `/sandbox/offramp/requests/${id}/advance`, { subStatus });
      expect(advanced).toMatchObject({ status: 200, body: { changed: true, status: subStatus } });
    }
    expect(await delivered(`"requestId":"${id}"`, 'payment.failed')).toMatchObject({
      requestId: id,
      subStatus: 'bounced',
      paymentProcessor: 'offramp:sandbox',
    });
    expect(await outboxOf(id)).toEqual([...Array<string>(5).fill('payment.processing'), 'payment.failed']);
    const back = await call<{ message: string }>('POST', `/sandbox/offramp/requests/${id}/advance`, { subStatus: 'fiat_sent' });
    expect(back).toMatchObject({ status: 409, body: { message: expect.stringMatching(/cannot move to fiat_sent: it is bounced$/) } });
  }, 90000);

  it('another platform can neither read the payer’s details nor drive its off-ramp', async () => {
    const user = `lin+${Date.now()}@example.com`;
    const id = await paidInvoice(user, await approvedDetails(user));
    const stranger = (await createTenantIn(env)).apiKey.apiKey;
    const as = (method: string, path: string, body?: object) =>
      fetch(`${apps[0].url}${path}`, {
        method,
        headers: { 'x-api-key': stranger, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
    expect((await as('GET', `/v2/payer/${encodeURIComponent(user)}/payment-details`)).status).toBe(404);
    expect((await as('POST', `/sandbox/offramp/requests/${id}/advance`, {})).status).toBe(404);
    expect(await outboxOf(id)).toEqual([]);
  }, 90000);
});
