import {
  encodeApprove,
  encodeRecurringRevoke,
  schedulePermitDigest,
  SCHEDULE_PERMIT_TYPES,
  type RecurringPaymentPermit,
} from '@payrail/permits';
import { sqlExecute } from '@payrail/persistence';
import { getAddress, toBeHex, Wallet } from 'ethers';
import { DataSource } from 'typeorm';
import { testStack } from '@payrail/test-support/stack.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { ChainPayer } from '@payrail/test-support/payments-api/chain-payer.js';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';

interface RecurringPayout {
  id: string;
  transactions: { to: string; data: string; value: string }[];
  recurringPaymentPermit: RecurringPaymentPermit;
  metadata: Record<string, unknown>;
}

const PAYEE = getAddress('0x00000000000000000000000000000000000a11ce');
const FEES = getAddress('0x0000000000000000000000000000000000000fee');
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const midnight = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

describe('recurring payouts: POST /v2/payouts with recurrence, activation, GET, PATCH', () => {
  const chain = testStack().chain;
  // Its own payer (fresh key, ether set by anvil_setBalance): no nonce shared with other test files.
  const payerWallet = Wallet.createRandom();
  let payer: ChainPayer;
  let p: PayoutsApi;

  const body = (over: Record<string, unknown> = {}) => ({
    payee: PAYEE,
    amount: '10',
    invoiceCurrency: 'fUSDC-sepolia',
    paymentCurrency: 'fUSDC-sepolia',
    recurrence: { startDate: tomorrow, frequency: 'DAILY', totalPayments: 3, payer: payerWallet.address },
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await p.call<RecurringPayout>('POST', '/v2/payouts', body(over));
    expect(res.status).toBe(201);
    return res.body;
  };
  const sign = (permit: RecurringPaymentPermit, wallet = payerWallet) => wallet.signTypedData(permit.domain, permit.types, permit.values);

  beforeAll(async () => {
    p = await startPayoutsApi();
    payer = new ChainPayer(chain.rpcUrl, payerWallet.privateKey);
    await payer.provider.send('anvil_setBalance', [payerWallet.address, toBeHex(10n ** 18n)]);
  });
  afterAll(async () => {
    payer?.close();
    await p?.close();
  });

  it('answers 201 with a ULID, the approve of 3 payments to the recurring proxy and the spec permit, stored awaiting_signature', async () => {
    const res = await create({ feePercentage: '1', feeAddress: FEES });
    const proxy = chain.contracts.ERC20RecurringPaymentProxy;
    expect(res.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(res.transactions).toEqual([{ to: chain.tokens.USDC, data: encodeApprove(proxy, 30_300_000n), value: '0x0' }]);
    expect(res.metadata).toEqual({
      stepsRequired: 2,
      totalNeededAllowance: '30300000',
      currentAllowance: '0',
      additionalAllowanceNeeded: '30300000',
      existingPaymentsAmount: '0',
    });
    const { domain, types, values } = res.recurringPaymentPermit;
    expect(domain).toEqual({ name: 'ERC20RecurringPaymentProxy', version: '1', chainId: 11155111, verifyingContract: proxy });
    expect(types).toEqual(SCHEDULE_PERMIT_TYPES);
    expect(values).toEqual({
      subscriber: payerWallet.address,
      token: chain.tokens.USDC,
      recipient: PAYEE,
      feeAddress: FEES,
      amount: '10000000',
      feeAmount: '100000',
      gasFee: '0',
      periodSeconds: 86400,
      firstExec: midnight(tomorrow),
      totalExecutions: 3,
      nonce: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      deadline: midnight(tomorrow) + 3 * 86400 + 30 * 86400,
    });
    const status = await p.call('GET', `/v2/payouts/recurring/${res.id}`);
    expect(status.body).toMatchObject({ id: res.id, status: 'awaiting_signature', processedPayments: 0, totalPayments: 3, payments: [] });
  });

  it('refuses a tampered or foreign signature with 400 "Invalid signature provided", activates with the payer’s, then refuses a second activation', async () => {
    const { id, recurringPaymentPermit: permit } = await create();
    const signature = await sign(permit);
    const tampered = `${signature.slice(0, 20)}${signature[20] === '0' ? '1' : '0'}${signature.slice(21)}`;
    for (const bad of [tampered, await sign(permit, Wallet.createRandom())]) {
      const res = await p.call('POST', `/v2/payouts/recurring/${id}`, { permitSignature: bad });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, message: 'Invalid signature provided', error: 'Bad Request' });
    }
    const ok = await p.call('POST', `/v2/payouts/recurring/${id}`, { permitSignature: signature });
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ message: 'Recurring payment activated successfully', id, status: 'active' });
    const again = await p.call('POST', `/v2/payouts/recurring/${id}`, { permitSignature: signature });
    expect(again.body).toMatchObject({ statusCode: 400, message: 'Recurring payment is already active' });
    const status = await p.call('GET', `/v2/payouts/recurring/${id}`);
    expect(status.body).toMatchObject({ status: 'active', nextPaymentDate: new Date(midnight(tomorrow) * 1000).toISOString() });
    expect(schedulePermitDigest(permit)).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('counts what the payer’s live schedules still need, reads the allowance on chain, and asks only for what is short', async () => {
    const first = await create({ payee: getAddress('0x00000000000000000000000000000000000b0b01') });
    const existingBefore = BigInt(first.metadata.existingPaymentsAmount as string);
    await p.call('POST', `/v2/payouts/recurring/${first.id}`, { permitSignature: await sign(first.recurringPaymentPermit) });
    await payer.submit(first.transactions);
    const second = await create({ payee: getAddress('0x00000000000000000000000000000000000b0b02') });
    expect(second.metadata.existingPaymentsAmount).toBe((existingBefore + 30_000_000n).toString());
    expect(BigInt(second.metadata.currentAllowance as string)).toBe(
      await payer.allowance(chain.tokens.USDC, chain.contracts.ERC20RecurringPaymentProxy),
    );
    await payer.submit(second.transactions);
    await p.call('POST', `/v2/payouts/recurring/${second.id}`, { permitSignature: await sign(second.recurringPaymentPermit) });
    const third = await p.call<RecurringPayout>(
      'POST',
      '/v2/payouts',
      body({ recurrence: { ...body().recurrence, totalPayments: 2 }, amount: '0.000001' }),
    );
    // Approved: what the live schedules need; now 2 x 0.000001 more -> short by exactly 2 units.
    expect(third.body.metadata.additionalAllowanceNeeded).toBe('2');
  });

  it('cancels with the approve lowering the allowance by what the schedule still needed and the subscriber’s revoke(permit); cancelling again or unpausing is 400', async () => {
    const {
      id,
      recurringPaymentPermit: permit,
      transactions,
    } = await create({ payee: getAddress('0x00000000000000000000000000000000000c0c01') });
    await p.call('POST', `/v2/payouts/recurring/${id}`, { permitSignature: await sign(permit) });
    await payer.submit(transactions);
    const proxy = chain.contracts.ERC20RecurringPaymentProxy;
    const before = await payer.allowance(chain.tokens.USDC, proxy);
    const unpause = await p.call('PATCH', `/v2/payouts/recurring/${id}`, { action: 'unpause' });
    expect(unpause.body).toEqual({ statusCode: 400, message: 'Recurring payment is not paused', error: 'Bad Request' });
    const res = await p.call<{ transactions: RecurringPayout['transactions'] }>('PATCH', `/v2/payouts/recurring/${id}`, {
      action: 'cancel',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id,
      status: 'cancelled',
      transactions: [
        { to: chain.tokens.USDC, data: encodeApprove(proxy, before - 30_000_000n), value: '0x0' },
        { to: proxy, data: encodeRecurringRevoke(permit.values), value: '0x0' },
      ],
      metadata: { remainingPayments: 3, remainingAmount: '30000000', processedPayments: 0, totalPayments: 3 },
      sender: { address: payerWallet.address, network: 'sepolia' },
    });
    await payer.submit(res.body.transactions);
    expect(await payer.allowance(chain.tokens.USDC, proxy)).toBe(before - 30_000_000n);
    const again = await p.call('PATCH', `/v2/payouts/recurring/${id}`, { action: 'cancel' });
    expect(again.body).toEqual({ statusCode: 400, message: 'Recurring payment is already cancelled', error: 'Bad Request' });
  });

  it('unpauses only a paused schedule (failures cleared) with the update-response table: no transactions, remaining and processed payments; a completed one cannot be cancelled; an unknown action is 400', async () => {
    const { id } = await create();
    const db = p.api.app.get(DataSource);
    await sqlExecute(
      db,
      `UPDATE recurring_payments SET status = 'paused', processed_payments = 1, failure_count = 3, failure_reason = 'Insufficient token balance' WHERE id = $1`,
      [id],
    );
    const res = await p.call('PATCH', `/v2/payouts/recurring/${id}`, { action: 'unpause' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id,
      status: 'active',
      transactions: [],
      metadata: { remainingPayments: 2, remainingAmount: '20000000', processedPayments: 1, totalPayments: 3 },
    });
    expect((await p.call('GET', `/v2/payouts/recurring/${id}`)).body).toMatchObject({
      status: 'active',
      failureCount: 0,
      failureReason: null,
    });
    await sqlExecute(db, `UPDATE recurring_payments SET status = 'completed' WHERE id = $1`, [id]);
    const cancel = await p.call('PATCH', `/v2/payouts/recurring/${id}`, { action: 'cancel' });
    expect(cancel.body).toMatchObject({ statusCode: 400, message: 'Cannot cancel a completed recurring payment' });
    const bad = await p.call('PATCH', `/v2/payouts/recurring/${id}`, { action: 'pause' });
    expect(bad.status).toBe(400);
  });

  it('refuses 256 payments and a native currency with 400; another platform gets 404', async () => {
    const r256 = await p.call('POST', '/v2/payouts', body({ recurrence: { ...body().recurrence, totalPayments: 256 } }));
    expect(r256.status).toBe(400);
    expect(r256.body).toMatchObject({ errors: [{ field: 'recurrence.totalPayments' }] });
    const native = await p.call(
      'POST',
      '/v2/payouts',
      body({ invoiceCurrency: 'ETH-sepolia-sepolia', paymentCurrency: 'ETH-sepolia-sepolia' }),
    );
    expect(native.status).toBe(400);
    expect(native.body).toMatchObject({ errors: [{ field: 'paymentCurrency' }] });
    const { id } = await create();
    const other = await createTenant(p.api.app);
    const res = await p.call('GET', `/v2/payouts/recurring/${id}`, undefined, { 'x-api-key': other.apiKey.apiKey });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'Recurring payment not found' });
  });
});
