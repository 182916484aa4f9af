import { CurrencyRegistry, NETWORKS, type TronPayerBalances } from '@payrail/chains';
import { TRON_APPROVE_FEE_LIMIT_SUN, TRON_PAYMENT_FEE_LIMIT_SUN } from '@payrail/permits';
import type { PlannedPayment } from '../planning/planned-payment.js';
import { TRON_BANDWIDTH_MARGIN_SUN, tronFeeBudget, tronPayout } from './tron-payout.js';

const registry = CurrencyRegistry.create();
const PAYEE = 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV';
const FEES = 'TBvJUBXorwBPzqvV38vjDgegj5Eh6g2Tsq';
const REF = '0x8a60fb2742425e9e';

function plan(currencyId: string, amount: bigint, fee = 0n): PlannedPayment {
  const currency = registry.byId(currencyId)!;
  return {
    network: NETWORKS.tron,
    payee: PAYEE,
    invoice: currency,
    invoiceUnits: amount,
    currency,
    token: currency.address,
    amount,
    fee: { percentage: fee > 0n ? '1' : null, amount: fee, address: fee > 0n ? FEES : null },
    proxy: NETWORKS.tron.contracts.ERC20FeeProxy!,
  };
}

const payer = (over: Partial<TronPayerBalances> = {}): TronPayerBalances => ({
  known: true,
  trx: 1_000_000_000n,
  tokenBalance: 10n ** 12n,
  allowance: 0n,
  ...over,
});

const selectors = (built: ReturnType<typeof tronPayout>) =>
  built.transactions.map((t) => [t.functionSelector.split('(')[0], t.parameters.at(-1)?.value ?? '']);

// 100 TRX approve + 300 TRX payment fee limits (Request Network's), plus 1 TRX of bandwidth per transaction.
const APPROVE_AND_PAY = BigInt(TRON_APPROVE_FEE_LIMIT_SUN + TRON_PAYMENT_FEE_LIMIT_SUN) + 2n * TRON_BANDWIDTH_MARGIN_SUN;
const PAY_ONLY = BigInt(TRON_PAYMENT_FEE_LIMIT_SUN) + TRON_BANDWIDTH_MARGIN_SUN;

describe('Tron payouts with the payer read through TronGrid', () => {
  it('skips the approval when the allowance to the fee proxy covers amount + fee, and then needs only the payment fee budget', () => {
    const built = tronPayout(plan('USDT-tron', 100n, 1n), REF, payer({ allowance: 101n, trx: PAY_ONLY }));
    expect(selectors(built)).toEqual([['transferFromWithReferenceAndFee', FEES]]);
    expect(built.metadata).toEqual({
      stepsRequired: 1,
      needsApproval: false,
      approvalTransactionIndex: null,
      paymentTransactionIndex: 0,
      hasEnoughBalance: true,
      hasEnoughGas: true,
    });
    expect(tronPayout(plan('USDT-tron', 100n, 1n), REF, payer({ allowance: 101n, trx: PAY_ONLY - 1n })).metadata.hasEnoughGas).toBe(false);
  });

  it('approves amount + fee when the allowance is short, and asks TRX for both fee limits plus bandwidth', () => {
    const built = tronPayout(plan('USDC-tron', 100n, 1n), REF, payer({ allowance: 100n, trx: APPROVE_AND_PAY }));
    expect(selectors(built)).toEqual([
      ['approve', '101'],
      ['transferFromWithReferenceAndFee', FEES],
    ]);
    expect(built.metadata).toMatchObject({
      stepsRequired: 2,
      needsApproval: true,
      approvalTransactionIndex: 0,
      paymentTransactionIndex: 1,
    });
    expect(built.metadata.hasEnoughGas).toBe(true);
    expect(tronPayout(plan('USDC-tron', 100n, 1n), REF, payer({ trx: APPROVE_AND_PAY - 1n })).metadata.hasEnoughGas).toBe(false);
    expect(APPROVE_AND_PAY).toBe(402_000_000n);
  });

  it('resets a short non-zero USDT allowance to 0 first (no approve from non-zero), budgeting three fee limits', () => {
    const built = tronPayout(plan('USDT-tron', 100n), REF, payer({ allowance: 5n }));
    expect(selectors(built)).toEqual([
      ['approve', '0'],
      ['approve', '100'],
      ['transferFromWithReferenceAndFee', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'],
    ]);
    expect(built.metadata).toMatchObject({ stepsRequired: 3, approvalTransactionIndex: 1, paymentTransactionIndex: 2 });
    expect(tronFeeBudget(built.transactions)).toBe(503_000_000n);
    // USDC-tron has no such rule: a short allowance is simply replaced.
    expect(tronPayout(plan('USDC-tron', 100n), REF, payer({ allowance: 5n })).transactions).toHaveLength(2);
  });

  it('compares the token balance with amount + fee, one unit short being not enough', () => {
    expect(tronPayout(plan('USDT-tron', 100n, 1n), REF, payer({ tokenBalance: 101n })).metadata.hasEnoughBalance).toBe(true);
    expect(tronPayout(plan('USDT-tron', 100n, 1n), REF, payer({ tokenBalance: 100n })).metadata.hasEnoughBalance).toBe(false);
  });

  it('without a payer state always approves and leaves both flags unchecked (true)', () => {
    const built = tronPayout(plan('USDT-tron', 100n), REF);
    expect(built.metadata).toEqual({
      stepsRequired: 2,
      needsApproval: true,
      approvalTransactionIndex: 0,
      paymentTransactionIndex: 1,
      hasEnoughBalance: true,
      hasEnoughGas: true,
    });
  });
});
