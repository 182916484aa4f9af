import { encodeApprove, encodeErc20FeeProxyPayment } from '@payrail/permits';
import { Wallet } from 'ethers';
import { createDataSource, sqlOne, sqlRows } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { payWithReference, startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { ChainPayer } from '@payrail/test-support/payments-api/chain-payer.js';
import { ANVIL_ACCOUNTS, fundAccounts, waitFor, type AppHandle } from '@payrail/devstack';
import { createTenantIn } from '../support/tenants.js';
import { appEnv, createTestDatabase, startTestApp, uniqueName } from '../support/stack.js';
import { addEndpoint } from '../support/webhook-worker/fixtures.js';
import { TestReceiver } from '../support/webhook-worker/receiver.js';

type Chain = Awaited<ReturnType<typeof startPrivateChain>>;
type Row = { event_type: string; payload: Record<string, unknown> };
type Exc = { id: string; kind: string; status: string } & Record<string, unknown>;
type View = { status: string; exceptions: Exc[]; amountPaid: string };
/** The answers these tests read: an exception, a page of them, a remainder, a request, settings, an error. */
type Answer = Record<string, unknown> & { id?: string; data: Exc[]; nextCursor: string | null };

// A key whose address ends in `dead`: the local KYT sandbox rejects it (found once by search; a test key, never funded elsewhere).
const SANCTIONED = new Wallet('0xeb9fc6b212f88105664c7f089d12a692cb836108ea11ef4a4c1b8f776b23b1ef');
const PAYER = ANVIL_ACCOUNTS[1].address;

// The built payments-api, chain-worker and webhook-worker on a private anvil (whose clock the late
// payments move): secure payments paid for real by a wallet their access policy refuses (the payee
// has the money, so the request is paid and payment.confirmed goes out, naming the violation; the
// secure payment is compliance_failed), and the payment exceptions settlement raises (issue #35):
// refused payers, underpaid, overpaid, late within and beyond the late window, with their
// resolutions (accept, request-remainder) and their webhooks, delivered once.
describe('settlement checks the wallet that paid against the allowlist and KYT, and raises payment exceptions (built apps, private chain)', () => {
  let chain: Chain;
  let db: DataSource;
  let apps: AppHandle[] = [];
  let apiKey: string;
  let otherApiKey: string;
  let receiver: TestReceiver;

  beforeAll(async () => {
    chain = await startPrivateChain();
    await fundAccounts({
      rpcUrl: chain.anvil.rpcUrl,
      deployerPrivateKey: ANVIL_ACCOUNTS[0].privateKey,
      deployment: chain.deployment,
      accounts: [SANCTIONED.address],
      nativeAmount: '1',
    });
    const databaseUrl = await createTestDatabase();
    const env = appEnv(databaseUrl, uniqueName('payer'), {
      RPC_URL_SEPOLIA: chain.anvil.rpcUrl,
      CHAIN_DEPLOYMENT_FILE: chain.deploymentFile,
      CHAIN_CONFIRMATIONS: 'sepolia:0',
      DETECTION_POLL_INTERVAL_MS: '100',
      RATE_LIMIT_MULTIPLIER: '100',
    });
    const tenant = await createTenantIn(env);
    apiKey = tenant.apiKey.apiKey;
    otherApiKey = (await createTenantIn(env)).apiKey.apiKey;
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
    receiver = await TestReceiver.start();
    await addEndpoint(db, { kind: 'client-id', clientIdId: tenant.client.id }, receiver.url());
    apps = await Promise.all(
      (['payments-api', 'chain-worker', 'webhook-worker'] as const).map((name) =>
        startTestApp(name, { ...env, OUTBOX_POLL_INTERVAL_MS: '20' }),
      ),
    );
  }, 120000);
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.stop()));
    await receiver?.close();
    await db?.destroy();
    await chain?.stop();
  });

  const usdc = () => chain.deployment.tokens.USDC.address;
  /** A 2 fUSDC secure payment with `accessPolicy`, and what paying its request takes. */
  const link = async (accessPolicy: object, options: { expiresIn?: number } = {}) => {
    const payee = Wallet.createRandom().address;
    const res = await fetch(`${apps[0].url}/v2/secure-payments`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        requests: [{ payee, amount: '2', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' }],
        accessPolicy,
        ...options,
      }),
    });
    expect(res.status).toBe(201);
    const { token, requestIds } = (await res.json()) as { token: string; requestIds: string[] };
    const row = (await sqlOne<{ payment_reference: string; fee: string; fee_address: string | null }>(
      db,
      'SELECT payment_reference, fee_amount::text AS fee, fee_address FROM requests WHERE id = $1',
      requestIds,
    ))!;
    return { token, requestId: requestIds[0], payee, reference: row.payment_reference, fee: BigInt(row.fee), feeAddress: row.fee_address };
  };
  type Link = Awaited<ReturnType<typeof link>>;
  const payFromAnvil = (l: Link, amount = 2_000_000n) =>
    payWithReference(chain.provider, chain.deployment, {
      token: usdc(),
      payee: l.payee,
      amount,
      fee: l.fee,
      feeAddress: l.feeAddress ?? undefined,
      reference: l.reference,
    });
  const settled = (l: Link) =>
    waitFor(
      'the secure payment settled',
      async () => {
        const row = await sqlOne<{ status: string; payer_violation: Record<string, unknown> | null }>(
          db,
          'SELECT status, payer_violation FROM secure_payments WHERE token = $1',
          [l.token],
        );
        return row?.status === 'pending' ? undefined : row;
      },
      15000,
      50,
    );
  const outbox = async (aggregateId: string): Promise<Row[]> =>
    sqlRows<Row>(db, 'SELECT event_type, payload FROM outbox_events WHERE aggregate_id = $1 ORDER BY id', [aggregateId]);
  const call = async (method: 'GET' | 'POST' | 'PUT', path: string, key = apiKey, body?: object, headers: Record<string, string> = {}) => {
    const res = await fetch(`${apps[0].url}${path}`, {
      method,
      headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Answer };
  };
  /** GET /v2/request/{id} once `done` holds of it. */
  /**
   * Settled with its exceptions: the request's view reads the request and its exceptions in two
   * statements, so a poll landing between settlement's commit and the second read can see the
   * exception of a request still shown pending; the next poll sees both.
   */
  const settledView = (v: View) => v.exceptions.length > 0 && v.status !== 'pending';
  const requestWhen = (requestId: string, what: string, done: (v: View) => boolean) =>
    waitFor(
      what,
      async () => {
        const { body } = await call('GET', `/v2/request/${requestId}`);
        const view = body as unknown as View;
        return done(view) ? view : undefined;
      },
      15000,
      50,
    );
  const linkStatus = async (token: string) =>
    (await sqlOne<{ status: string }>(db, 'SELECT status FROM secure_payments WHERE token = $1', [token]))!.status;
  /** The deliveries of `event` for this exception the receiver got. */
  const deliveries = (event: string, exceptionId: string) =>
    receiver.received.filter((r) => r.body.includes(`"event":"${event}"`) && r.body.includes(`"exceptionId":"${exceptionId}"`));

  it('control: a payer inside the allowlist completes the payment with a plain payment.confirmed', async () => {
    const l = await link({ allowedPayerAddresses: [PAYER] });
    await payFromAnvil(l);
    expect(await settled(l)).toEqual({ status: 'completed', payer_violation: null });
    const [confirmed] = await outbox(l.requestId);
    expect(confirmed).toMatchObject({ event_type: 'payment.confirmed', payload: { subStatus: '', payerAddress: PAYER } });
    expect((await outbox(l.token)).map((e) => e.event_type)).toEqual(['secure_payment.status_changed']);
  }, 30000);

  it('attack: a wallet outside the allowlist pays anyway: compliance_failed, access_rejected, payment.confirmed with subStatus payer_not_allowed', async () => {
    const l = await link({ allowedPayerAddresses: [Wallet.createRandom().address] });
    const paid = await payFromAnvil(l);
    expect(await settled(l)).toEqual({
      status: 'compliance_failed',
      payer_violation: { reason: 'payer_not_allowed', payerAddress: PAYER.toLowerCase(), txHash: paid.txHash, at: expect.any(String) },
    });
    const [confirmed, raised, ...others] = await outbox(l.requestId);
    expect(others).toEqual([]);
    expect(raised).toMatchObject({
      event_type: 'payment.exception',
      payload: { kind: 'unexpected_payer', status: 'open', payerAddress: PAYER, txHash: paid.txHash, receivedAmount: '2' },
    });
    expect(confirmed).toMatchObject({
      event_type: 'payment.confirmed',
      payload: { requestId: l.requestId, subStatus: 'payer_not_allowed', txHash: paid.txHash, totalAmountPaid: '2.0' },
    });
    const events = await outbox(l.token);
    expect(events.map((e) => e.event_type)).toEqual(['secure_payment.access_rejected', 'secure_payment.status_changed']);
    expect(events[0].payload).toEqual({
      event: 'secure_payment.access_rejected',
      requestId: l.requestId,
      clientId: null,
      orchestratorId: null,
      attemptedPayerWalletAddress: PAYER.toLowerCase(),
      timestamp: expect.any(String),
      _routing: expect.any(Object),
    });
    expect(events[1].payload).toMatchObject({ from: 'pending', to: 'compliance_failed', reason: 'payer_not_allowed' });
    const page = await fetch(`${apps[0].url}/v2/request/${l.requestId}`, { headers: { 'x-api-key': apiKey } });
    const exceptionId = String(raised.payload.exceptionId);
    expect(await page.json()).toMatchObject({
      status: 'paid',
      hasBeenPaid: true,
      exceptions: [{ id: exceptionId, kind: 'unexpected_payer', status: 'open' }],
    });
    // Another platform's exception is not found, whatever the route; its owner accepts it once (then 409).
    for (const [method, path] of [
      ['GET', ''],
      ['POST', '/accept'],
      ['POST', '/request-remainder'],
    ] as const)
      expect((await call(method, `/v2/exceptions/${exceptionId}${path}`, otherApiKey)).status).toBe(404);
    const accepted = await call('POST', `/v2/exceptions/${exceptionId}/accept`);
    expect(accepted).toMatchObject({ status: 200, body: { id: exceptionId, status: 'accepted', resolution: 'accepted' } });
    expect(await call('POST', `/v2/exceptions/${exceptionId}/accept`)).toMatchObject({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'Exception is accepted; only an open exception can be accepted' },
    });
    expect(await call('POST', `/v2/exceptions/${exceptionId}/request-remainder`)).toMatchObject({ status: 409 });
    expect((await outbox(l.requestId)).map((e) => e.event_type)).toEqual([
      'payment.confirmed',
      'payment.exception',
      'payment.exception.resolved',
    ]);
  }, 30000);

  it('attack: a wallet KYT rejects pays a screened link: kyt.screening.completed rejected, compliance_failed, subStatus payer_screening_rejected', async () => {
    const l = await link({ screening: 'kyt_all_wallets' });
    const proxy = chain.deployment.contracts.ERC20FeeProxy;
    const payer = new ChainPayer(chain.anvil.rpcUrl, SANCTIONED.privateKey);
    try {
      const payment = {
        to: l.payee,
        amount: 2_000_000n,
        paymentReference: l.reference,
        feeAmount: l.fee,
        feeAddress: l.feeAddress ?? undefined,
      };
      await payer.submit([
        { to: usdc(), data: encodeApprove(proxy, 2_000_000n + l.fee), value: 0 },
        { to: proxy, data: encodeErc20FeeProxyPayment(usdc(), payment), value: 0 },
      ]);
    } finally {
      payer.close();
    }
    expect(await settled(l)).toMatchObject({
      status: 'compliance_failed',
      payer_violation: { reason: 'payer_screening_rejected', payerAddress: SANCTIONED.address.toLowerCase() },
    });
    expect((await outbox(l.requestId)).map((e) => [e.event_type, e.payload.subStatus ?? e.payload.kind])).toEqual([
      ['payment.confirmed', 'payer_screening_rejected'],
      ['payment.exception', 'screening_rejected'],
    ]);
    const events = await outbox(l.token);
    expect(events.map((e) => e.event_type)).toEqual(['kyt.screening.completed', 'secure_payment.status_changed']);
    expect(events[0].payload).toMatchObject({
      status: 'rejected',
      walletAddress: SANCTIONED.address.toLowerCase(),
      provider: 'payrail-sandbox',
    });
  }, 30000);

  it('underpaid: an open exception; request-remainder (idempotent) gives a link whose payment ends the original paid and resolves it, webhooks once', async () => {
    const l = await link({});
    const short = await payFromAnvil(l, 1_500_000n);
    const view = await requestWhen(l.requestId, 'the underpayment settled', settledView);
    expect(view).toMatchObject({ status: 'partial', amountPaid: '1.5' });
    const [underpaid] = view.exceptions;
    expect(underpaid).toMatchObject({
      kind: 'underpaid',
      status: 'open',
      resolution: null,
      expectedAmount: '2',
      receivedAmount: '1.5',
      invoiceCurrency: 'fUSDC-sepolia',
      expectedInvoiceAmount: '2',
      receivedInvoiceAmount: '1.5',
      rate: '1',
      rateSource: 'request',
      txHash: short.txHash,
      logIndex: expect.any(Number),
      payerAddress: PAYER,
    });
    const open = await call('GET', `/v2/exceptions?status=open&requestId=${l.requestId}`);
    expect(open.body).toEqual({ data: [underpaid], nextCursor: null });

    const key = { 'idempotency-key': `remainder-${underpaid.id}` };
    const first = await call('POST', `/v2/exceptions/${underpaid.id}/request-remainder`, apiKey, undefined, key);
    expect(first).toMatchObject({
      status: 201,
      body: {
        exception: { id: underpaid.id, status: 'remainder_requested' },
        remainder: { amount: '0.5', paymentCurrency: 'fUSDC-sepolia' },
      },
    });
    const again = await call('POST', `/v2/exceptions/${underpaid.id}/request-remainder`, apiKey, undefined, key);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await call('POST', `/v2/exceptions/${underpaid.id}/request-remainder`)).toMatchObject({ status: 409 });
    const remainder = first.body.remainder as { token: string; requestId: string; securePaymentUrl: string };
    expect(remainder.securePaymentUrl).toContain(`/${remainder.token}`);
    const rest = (await sqlOne<{ payment_reference: string; original_request_id: string; fee_amount: string }>(
      db,
      'SELECT payment_reference, original_request_id, fee_amount::text FROM requests WHERE id = $1',
      [remainder.requestId],
    ))!;
    expect(rest).toMatchObject({ original_request_id: l.requestId, fee_amount: '0' });

    await payFromAnvil({ ...l, reference: rest.payment_reference, fee: 0n, feeAddress: null }, 500_000n);
    const paid = await requestWhen(l.requestId, 'the original paid', (v) => v.status === 'paid');
    expect(paid.exceptions).toEqual([expect.objectContaining({ id: underpaid.id, status: 'resolved', resolution: 'remainder_paid' })]);
    expect(await linkStatus(l.token)).toBe('completed');
    expect(await linkStatus(remainder.token)).toBe('completed');
    expect((await outbox(l.requestId)).map((e) => [e.event_type, e.payload.subStatus ?? e.payload.resolution ?? null])).toEqual([
      ['payment.partial', 'underpaid'],
      ['payment.exception', null],
      ['payment.exception.resolved', 'remainder_paid'],
      ['payment.confirmed', 'underpaid'],
    ]);
    await receiver.until(() => deliveries('payment.exception.resolved', underpaid.id).length > 0, 'the resolution delivered');
    expect(deliveries('payment.exception', underpaid.id)).toHaveLength(1);
    expect(deliveries('payment.exception.resolved', underpaid.id)).toHaveLength(1);
  }, 60000);

  it('underpaid, accepted: the request settles paid at what it received with payment.confirmed, and its link completes', async () => {
    const l = await link({});
    await payFromAnvil(l, 1_000_000n);
    const [underpaid] = (await requestWhen(l.requestId, 'the underpayment settled', settledView)).exceptions;
    expect(await call('POST', `/v2/exceptions/${underpaid.id}/accept`)).toMatchObject({ status: 200, body: { status: 'accepted' } });
    const paid = await requestWhen(l.requestId, 'the request paid', (v) => v.status === 'paid');
    expect(paid).toMatchObject({ amountPaid: '1', exceptions: [{ id: underpaid.id, status: 'accepted', resolution: 'accepted' }] });
    expect(await linkStatus(l.token)).toBe('completed');
    expect((await outbox(l.requestId)).map((e) => e.event_type)).toEqual([
      'payment.partial',
      'payment.exception',
      'payment.exception.resolved',
      'payment.confirmed',
    ]);
  }, 30000);

  it('underpaid within the tolerance: paid, the gap recorded as resolved within_tolerance; the settings are validated', async () => {
    expect(
      await call('PUT', '/v2/exception-settings', apiKey, { underpaidTolerancePercent: '1', underpaidToleranceAmount: '1' }),
    ).toMatchObject({
      status: 400,
    });
    expect(await call('PUT', '/v2/exception-settings', apiKey, { lateWindowSeconds: -1 })).toMatchObject({ status: 400 });
    expect(await call('PUT', '/v2/exception-settings', apiKey, { underpaidTolerancePercent: '2.5' })).toMatchObject({
      status: 200,
      body: { underpaidTolerancePercent: '2.5', underpaidToleranceAmount: null, lateWindowSeconds: 0 },
    });
    const l = await link({});
    await payFromAnvil(l, 1_960_000n); // 2 %: within 2.5 %
    const paid = await requestWhen(l.requestId, 'the request paid', (v) => v.status === 'paid');
    expect(paid.exceptions).toEqual([
      expect.objectContaining({ kind: 'underpaid', status: 'resolved', resolution: 'within_tolerance', receivedAmount: '1.96' }),
    ]);
    expect(await linkStatus(l.token)).toBe('completed');
    const other = await link({});
    await payFromAnvil(other, 1_900_000n); // 5 %: beyond
    expect(await requestWhen(other.requestId, 'the underpayment settled', settledView)).toMatchObject({
      status: 'partial',
      exceptions: [{ kind: 'underpaid', status: 'open' }],
    });
    expect((await call('GET', '/v2/exception-settings', otherApiKey)).body).toMatchObject({
      underpaidTolerancePercent: null,
      updatedAt: null,
    });
    await call('PUT', '/v2/exception-settings', apiKey, {});
  }, 30000);

  it('overpaid: an open exception listed with keyset paging; accepting it keeps the request paid, and it cannot be refunded then', async () => {
    const l = await link({});
    await payFromAnvil(l, 2_300_000n);
    const view = await requestWhen(l.requestId, 'the overpayment settled', settledView);
    expect(view).toMatchObject({
      status: 'overpaid',
      exceptions: [{ kind: 'overpaid', status: 'open', receivedAmount: '2.3', expectedAmount: '2' }],
    });
    const first = await call('GET', '/v2/exceptions?limit=1');
    expect(first.body.data).toEqual([view.exceptions[0]]); // the newest
    const next = await call('GET', `/v2/exceptions?limit=1&cursor=${first.body.nextCursor as string}`);
    expect(next.body.data).toHaveLength(1);
    expect(next.body.data[0]?.id).not.toBe(view.exceptions[0].id);
    expect((await call('GET', '/v2/exceptions?kind=overpaid&status=open')).body.data.map((e) => e.id)).toEqual([view.exceptions[0].id]);
    expect(await call('POST', `/v2/exceptions/${view.exceptions[0].id}/request-remainder`)).toMatchObject({ status: 409 });
    expect(await call('POST', `/v2/exceptions/${view.exceptions[0].id}/accept`)).toMatchObject({
      status: 200,
      body: { status: 'accepted' },
    });
    expect((await call('GET', '/v2/exceptions?kind=overpaid&status=open')).body.data).toEqual([]);
    // Decided: no refund through it (409); another platform's exception is not found.
    const refund = (key: string) => call('POST', `/v2/exceptions/${view.exceptions[0].id}/refund`, key, {}, { 'idempotency-key': 'r-1' });
    expect(await refund(apiKey)).toMatchObject({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'Exception is accepted; only an open exception can be refunded' },
    });
    expect(await refund(otherApiKey)).toMatchObject({ status: 404, body: { message: 'Exception not found' } });
  }, 30000);

  it('late: within the late window the link completes (late, resolved); beyond it the link stays expired until the exception is accepted', async () => {
    await call('PUT', '/v2/exception-settings', apiKey, { lateWindowSeconds: 3600 });
    const payLate = async (l: Link, secondsAfterExpiry: number) => {
      const row = (await sqlOne<{ expires_at: Date }>(db, 'SELECT expires_at FROM secure_payments WHERE token = $1', [l.token]))!;
      const at = Math.floor(row.expires_at.getTime() / 1000) + secondsAfterExpiry;
      const head = (await chain.provider.getBlock('latest'))!.timestamp;
      await chain.provider.send('evm_setNextBlockTimestamp', [Math.max(at, head + 1)]);
      return payFromAnvil(l);
    };
    const within = await link({}, { expiresIn: 60 });
    await payLate(within, 600);
    const inWindow = await requestWhen(within.requestId, 'the late payment settled', settledView);
    expect(inWindow).toMatchObject({
      status: 'paid',
      exceptions: [{ kind: 'late', status: 'resolved', resolution: 'within_late_window' }],
    });
    expect(await linkStatus(within.token)).toBe('completed');

    const beyond = await link({}, { expiresIn: 60 });
    await payLate(beyond, 7200);
    const outOfWindow = await requestWhen(beyond.requestId, 'the late payment settled', settledView);
    expect(outOfWindow).toMatchObject({ status: 'paid', exceptions: [{ kind: 'late', status: 'open' }] });
    expect(await linkStatus(beyond.token)).toBe('expired');
    const [confirmed] = await outbox(beyond.requestId);
    expect(confirmed).toMatchObject({ event_type: 'payment.confirmed', payload: { subStatus: 'late' } });
    expect(await call('POST', `/v2/exceptions/${outOfWindow.exceptions[0].id}/accept`)).toMatchObject({ status: 200 });
    expect(await linkStatus(beyond.token)).toBe('completed');
    await call('PUT', '/v2/exception-settings', apiKey, {});
  }, 30000);
});
