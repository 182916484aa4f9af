import { appendToOutbox, SecurePaymentsRepository, sqlExecute, sqlRows } from '@payrail/persistence';
import { SessionStore } from '@payrail/platform';
import { getAddress } from 'ethers';
import { DataSource } from 'typeorm';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { platformSessionBearer } from '@payrail/test-support/payments-api/secure-payments-api.js';

const PAYEES = [getAddress('0x00000000000000000000000000000000000c0c01'), getAddress('0x00000000000000000000000000000000000c0c02')];
const terms = (payee: string, amount: string, reference?: string) => ({
  payee,
  amount,
  invoiceCurrency: 'fUSDC-sepolia',
  paymentCurrency: 'fUSDC-sepolia',
  ...(reference ? { reference } : {}),
});

interface Created {
  token: string;
  securePaymentUrl: string;
  requestIds: string[];
  children: { securePaymentToken: string; requestId: string; position: number }[];
}

describe('multicall payouts: create, session-only state, partially_settled -> completed', () => {
  let p: PayoutsApi;
  let db: DataSource;
  let bearer: string;

  beforeAll(async () => {
    p = await startPayoutsApi({ SECURE_PAYMENT_PAGE_URL: 'https://pay.payrail.test' });
    db = p.api.app.get(DataSource);
    bearer = await platformSessionBearer(p);
  });
  afterAll(() => p?.close());

  const create = (body: object) => p.call<Created>('POST', '/v2/secure-payments/multicall-payouts', body);
  const state = (token: string, headers: Record<string, string> = { authorization: `Bearer ${bearer}` }) =>
    p.call<Record<string, unknown>>('GET', `/v2/secure-payments/multicall-payouts/${token}`, undefined, headers);
  const settle = (requestId: string) =>
    db.transaction(async (m) => {
      await sqlExecute(m, `UPDATE requests SET status = 'paid', amount_paid = expected_amount WHERE id = $1`, [requestId]);
      await appendToOutbox(m, await new SecurePaymentsRepository(m).settleForRequest(requestId));
    });

  it('creates the payout with a child payment per payee and serves the exact state to a session (Bearer or cookie)', async () => {
    const res = await create({
      payouts: [terms(PAYEES[0], '10', 'inv-1'), terms(PAYEES[1], '2.5')],
      redirectUrl: 'https://shop.example/done',
    });
    expect(res.status).toBe(201);
    const { token, requestIds, children } = res.body;
    expect(res.body.securePaymentUrl).toBe(`https://pay.payrail.test/${token}?clientId=${p.tenant.client.clientId}`);
    expect(children.map((c) => [c.requestId, c.position])).toEqual([
      [requestIds[0], 0],
      [requestIds[1], 1],
    ]);
    const read = await state(token);
    expect(read.status).toBe(200);
    const body = read.body;
    expect(body).toMatchObject({
      paymentType: 'multicall',
      status: 'pending',
      redirectUrl: 'https://shop.example/done',
      redirectLabel: null,
      orchestratorId: null,
      requestIds,
      token,
      canExecute: true,
      paymentOptions: {},
      totals: {
        childCount: 2,
        blockedChildCount: 0,
        byDestinationCurrency: [{ network: 'sepolia', currency: 'fUSDC-sepolia', totalAmount: '12.5' }],
        amountSummary: {
          grossAmount: '12.5',
          netRecipientAmount: '12.5',
          totalFees: '0',
          payeeBorneFees: '0',
          payerBorneFees: '0',
          payerTotal: '12.5',
        },
      },
      analytics: {
        // The local chain's USDC/USD feed answers 1.00.
        totalPaymentAmountUsd: '12.50',
        protocolFeeAmountUsd: '0.00',
        orchestratorPayerFeeAmountUsd: '0.00',
        orchestratorRecipientFeeAmountUsd: '0.00',
        feeAmountsUsdUnavailableReason: null,
        numberOfPaymentsExcludingFees: 2,
        destinationIds: [],
        payoutKytProvider: null,
      },
      branding: { id: token, logoPath: null, displayRequestBranding: false },
    });
    expect(Object.keys(body).sort()).toEqual(
      [
        'analytics',
        'branding',
        'canExecute',
        'children',
        'createdAt',
        'expiresAt',
        'orchestratorId',
        'paymentOptions',
        'paymentType',
        'redirectLabel',
        'redirectUrl',
        'requestIds',
        'status',
        'token',
        'totals',
      ].sort(),
    );
    expect((body.children as unknown[])[0]).toEqual({
      securePaymentToken: children[0].securePaymentToken,
      requestId: requestIds[0],
      position: 0,
      executable: true,
      blockReason: null,
      messageKey: null,
      context: {
        requestId: requestIds[0],
        securePaymentToken: children[0].securePaymentToken,
        position: 0,
        hasBeenPaid: false,
        securePaymentStatus: 'pending',
        requestStatus: 'pending',
        expiresAt: body.expiresAt,
        network: 'sepolia',
        currency: 'fUSDC-sepolia',
      },
      recoveryAction: null,
      feePlan: null,
      amount: '10',
      payee: PAYEES[0],
      reference: 'inv-1',
    });
    expect(JSON.stringify(body)).not.toMatch(/calldata|"data"|transactions/);
    expect((await state(token, { cookie: `session_token=${bearer}` })).status).toBe(200);
  });

  it('requires a session of the payout platform: none 401, a valid API key 403 (known, not allowed), a bad token 401, another platform 404', async () => {
    const { body } = await create({ payouts: [terms(PAYEES[0], '1'), terms(PAYEES[1], '1')] });
    expect((await state(body.token, {})).status).toBe(401);
    expect((await state(body.token, { 'x-api-key': p.tenant.apiKey.apiKey })).status).toBe(403);
    expect((await state(body.token, { authorization: 'Bearer nope' })).status).toBe(401);
    const other = await createTenant(p.api.app);
    const sessions = p.api.app.get(SessionStore, { strict: false });
    const theirs = await sessions.create({
      kind: 'email',
      userId: 'user-2',
      platformId: other.platform.id,
      walletAddress: null,
      email: null,
    });
    expect((await state(body.token, { authorization: `Bearer ${theirs.token}` })).status).toBe(404);
  });

  it('refuses fewer than two payouts and mixed payment currencies', async () => {
    expect((await create({ payouts: [terms(PAYEES[0], '1')] })).status).toBe(400);
    const mixed = await create({
      payouts: [
        terms(PAYEES[0], '1'),
        { ...terms(PAYEES[1], '1'), invoiceCurrency: 'ETH-sepolia-sepolia', paymentCurrency: 'ETH-sepolia-sepolia' },
      ],
    });
    expect(mixed.status).toBe(400);
  });

  it('moves pending -> partially_settled -> completed as children settle, each with its event; a paid child is blocked', async () => {
    const { body } = await create({ payouts: [terms(PAYEES[0], '3'), terms(PAYEES[1], '4')] });
    await settle(body.requestIds[0]);
    const partial = await state(body.token);
    expect(partial.body).toMatchObject({ status: 'partially_settled', canExecute: true, totals: { blockedChildCount: 1 } });
    expect((partial.body.children as Record<string, unknown>[])[0]).toMatchObject({
      executable: false,
      blockReason: 'already_paid',
      messageKey: 'multicall.child.already_paid',
      recoveryAction: null,
      context: { hasBeenPaid: true, securePaymentStatus: 'completed', requestStatus: 'paid' },
    });
    await settle(body.requestIds[1]);
    expect((await state(body.token)).body).toMatchObject({ status: 'completed', canExecute: false });
    const events = await sqlRows<{ payload: Record<string, unknown> }>(
      db,
      `SELECT payload FROM outbox_events WHERE aggregate_id = $1 AND event_type = 'secure_payment.status_changed' ORDER BY id`,
      [body.token],
    );
    expect(events.map((e) => [e.payload.from, e.payload.to])).toEqual([
      ['pending', 'partially_settled'],
      ['partially_settled', 'completed'],
    ]);
  });

  it('blocks an invalidated child with remove_child', async () => {
    const { body } = await create({ payouts: [terms(PAYEES[0], '3'), terms(PAYEES[1], '4')] });
    expect((await p.call('DELETE', `/v2/secure-payments/${body.children[1].securePaymentToken}`)).status).toBe(200);
    const read = await state(body.token);
    expect((read.body.children as Record<string, unknown>[])[1]).toMatchObject({
      executable: false,
      blockReason: 'invalidated',
      recoveryAction: 'remove_child',
    });
  });
});
