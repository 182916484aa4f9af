import { encodeApprove, ERC20_FEE_PROXY_ABI } from '@payrail/permits';
import { SecurePaymentsRepository, sqlExecute, sqlOne } from '@payrail/persistence';
import { getAddress, Wallet } from 'ethers';
import { testStack } from '@payrail/test-support/stack.js';
import { setEtherBalance } from '@payrail/test-support/payments-api/chain-payer.js';
import {
  ALLOWED,
  ORIGIN,
  OUTSIDER,
  PAYEE,
  PAYER,
  PAYMENT,
  startSecurePaymentsApi,
  TRON,
  walletProof,
  type SecurePaymentsApi,
} from '@payrail/test-support/payments-api/secure-payments-api.js';

interface PayAnswer {
  requestId: string;
  paymentReference: string;
  transactions: { to: string; data: string; value: unknown }[];
  metadata: Record<string, unknown>;
}
interface BatchAnswer {
  ERC20ApprovalTransactions: { to: string; data: string; value: unknown }[];
  batchPaymentTransaction: { to: string; data: string; value: unknown };
  metadata: Record<string, unknown>;
  requests: { requestId: string; paymentReference: string }[];
}

// A wallet with ether and no token or allowance (read only here), so the answer's flags are known.
const FRESH = Wallet.createRandom().address;

describe('GET /v2/secure-payments/{token}/pay: the transactions the hosted page sends', () => {
  const chain = testStack().chain;
  let s: SecurePaymentsApi;
  const browser = () => ({ 'x-client-id': s.browser.clientId, origin: ORIGIN });
  const pay = <T = PayAnswer>(token: string, query = '', headers: Record<string, string> = browser()) =>
    s.p.call<T>('GET', `/v2/secure-payments/${token}/pay${query}`, undefined, headers);
  const open = async (extra: object = {}) => (await s.create({ requests: [PAYMENT], ...extra })).body;
  const settle = (requestId: string) =>
    s.db.transaction(async (m) => {
      await sqlExecute(m, `UPDATE requests SET status = 'paid', amount_paid = expected_amount WHERE id = $1`, [requestId]);
      await new SecurePaymentsRepository(m).settleForRequest(requestId);
    });

  beforeAll(async () => {
    s = await startSecurePaymentsApi();
    await setEtherBalance(chain.rpcUrl, FRESH, 10n ** 21n);
  });
  afterAll(() => s?.p.close());

  it("answers POST /v2/payouts' one-time answer for the link's own request after exactly one RPC round trip", async () => {
    const created = await open();
    const request = (await sqlOne<{ payment_reference: string }>(s.db, 'SELECT payment_reference FROM requests WHERE id = $1', [
      created.requestIds[0],
    ]))!;
    await s.p.rpc.reset();
    const res = await pay(created.token, `?wallet=${FRESH}`);
    expect(res.status).toBe(200);
    expect(await s.p.rpc.roundTrips()).toEqual([
      { methods: ['eth_getBalance', 'eth_gasPrice', 'eth_call', 'eth_call', 'eth_estimateGas', 'eth_estimateGas'] },
    ]);
    const { transactions, metadata } = res.body;
    expect(res.body.requestId).toBe(created.requestIds[0]);
    expect(res.body.paymentReference).toBe(request.payment_reference);
    expect(metadata).toEqual({
      stepsRequired: 2,
      needsApproval: true,
      approvalTransactionIndex: 0,
      paymentTransactionIndex: 1,
      hasEnoughBalance: false,
      hasEnoughGas: true,
    });
    expect(transactions[0]).toEqual({ to: chain.tokens.USDC, data: encodeApprove(chain.contracts.ERC20FeeProxy, 12_500_000n), value: 0 });
    expect(transactions[1].to).toBe(chain.contracts.ERC20FeeProxy);
    expect([...ERC20_FEE_PROXY_ABI.decodeFunctionData('transferFromWithReferenceAndFee', transactions[1].data)]).toEqual([
      chain.tokens.USDC,
      PAYEE,
      12_500_000n,
      request.payment_reference,
      0n,
      '0x0000000000000000000000000000000000000000',
    ]);
    // Nothing is created: the link keeps its one request.
    expect((await sqlOne<{ n: number }>(s.db, 'SELECT count(*)::int AS n FROM requests'))!.n).toBe(
      (await sqlOne<{ n: number }>(s.db, 'SELECT count(DISTINCT r) ::int AS n FROM secure_payments, unnest(request_ids) r'))!.n,
    );
  });

  it('without a wallet reads nothing on chain and answers the approval with unchecked (true) flags', async () => {
    const { token } = await open();
    await s.p.rpc.reset();
    const res = await pay(token);
    expect(res.status).toBe(200);
    expect(await s.p.rpc.roundTrips()).toEqual([]);
    expect(res.body.metadata).toMatchObject({ stepsRequired: 2, needsApproval: true, hasEnoughBalance: true, hasEnoughGas: true });
  });

  it('answers 409 naming the status for an invalidated, expired, completed or compliance-failed payment', async () => {
    const invalidated = await open();
    expect((await s.p.call('DELETE', `/v2/secure-payments/${invalidated.token}`)).status).toBe(200);
    const expired = await open();
    await sqlExecute(s.db, `UPDATE secure_payments SET expires_at = now() - interval '1 minute' WHERE token = $1`, [expired.token]);
    const completed = await open();
    await settle(completed.requestIds[0]);
    const failed = await open();
    await sqlExecute(s.db, `UPDATE secure_payments SET status = 'compliance_failed' WHERE token = $1`, [failed.token]);
    const answers = await Promise.all([invalidated, expired, completed, failed].map((c) => pay<Record<string, unknown>>(c.token)));
    expect(answers.map((a) => [a.status, a.body.message])).toEqual([
      [409, 'Secure payment is invalidated: it can no longer be paid'],
      [409, 'Secure payment is expired: it can no longer be paid'],
      [409, 'Secure payment is already paid (completed): it can no longer be paid'],
      [409, 'Secure payment is compliance_failed: it can no longer be paid'],
    ]);
    expect(answers[0].body).toMatchObject({ statusCode: 409, error: 'Conflict' });
  });

  it("applies the record's access rules: another Client ID 404, no Origin 401, a wallet outside the allowlist 403, a wallet of another kind 404", async () => {
    const { token } = await open({ accessPolicy: { allowedPayerAddresses: [ALLOWED] } });
    expect((await pay(token, '', { 'x-client-id': s.otherBrowser.clientId, origin: ORIGIN })).status).toBe(200); // API-key payments: every Client ID
    const own = (await s.create({ requests: [PAYMENT] }, browser())).body.token;
    expect((await pay(own, '', { 'x-client-id': s.otherBrowser.clientId, origin: ORIGIN })).status).toBe(404);
    expect((await pay(token, '', { 'x-client-id': s.browser.clientId })).status).toBe(401);
    const outsider = await pay<Record<string, unknown>>(token, `?wallet=${OUTSIDER}`);
    expect([outsider.status, outsider.body.message]).toEqual([403, 'This wallet is not allowed to pay this secure payment']);
    expect((await pay(token, `?wallet=${ALLOWED}`)).status).toBe(200);
    const tron = await pay<Record<string, unknown>>((await open()).token, `?wallet=${TRON}`);
    expect([tron.status, tron.body.message]).toEqual([404, 'Wallet not found']);
    const badQuery = await pay<Record<string, unknown>>(token, '?token=USDC');
    expect(badQuery.status).toBe(400);
  });

  it('keeps a hidden payee hidden: 403 until a proven wallet asks, then the transactions paying the payee', async () => {
    const { token } = await open({ accessPolicy: { hidePayeeAddress: true } });
    const typedIn = await pay<Record<string, unknown>>(token, `?wallet=${PAYER.address}`);
    expect(typedIn.status).toBe(403);
    expect(typedIn.body.message).toMatch(/hides its payee: prove control of the paying wallet/);
    const proven = await pay(token, `?wallet=${PAYER.address}`, { ...browser(), ...(await walletProof(PAYER, token)) });
    expect(proven.status).toBe(200);
    const args = ERC20_FEE_PROXY_ABI.decodeFunctionData('transferFromWithReferenceAndFee', proven.body.transactions.at(-1)!.data);
    expect(args[1]).toBe(PAYEE);
  });

  it('answers the batch over the executable children of a multicall, and GET /{token} serves the multicall state to the page', async () => {
    const payees = [getAddress('0x00000000000000000000000000000000000c0c01'), getAddress('0x00000000000000000000000000000000000c0c02')];
    const created = await s.p.call<{ token: string; requestIds: string[] }>('POST', '/v2/secure-payments/multicall-payouts', {
      payouts: payees.map((payee) => ({ ...PAYMENT, payee, amount: '2' })),
    });
    expect(created.status).toBe(201);
    const { token, requestIds } = created.body;
    const state = await s.page(token);
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ paymentType: 'multicall', token, status: 'pending', canExecute: true, requestIds });
    const first = await pay<BatchAnswer>(token, `?wallet=${FRESH}`);
    expect(first.status).toBe(200);
    expect(first.body.requests.map((r) => r.requestId)).toEqual(requestIds);
    expect(first.body.batchPaymentTransaction.to).toBe(chain.contracts.BatchConversionPayments);
    expect(first.body.ERC20ApprovalTransactions.map((a) => a.to)).toEqual([chain.tokens.USDC]);
    expect(first.body.metadata).toMatchObject({ needsApproval: true, hasEnoughBalance: false });
    await settle(requestIds[0]);
    const rest = await pay<BatchAnswer>(token, `?wallet=${FRESH}`);
    expect(rest.body.requests.map((r) => r.requestId)).toEqual([requestIds[1]]);
    await settle(requestIds[1]);
    const done = await pay<Record<string, unknown>>(token);
    expect([done.status, done.body.message]).toEqual([409, 'Secure payment is already paid (completed): it can no longer be paid']);
  });
});
