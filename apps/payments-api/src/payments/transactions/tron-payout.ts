import type { TronPayerBalances } from '@payrail/chains';
import { tronApprove, tronFeeProxyPayment, type TronTransaction } from '@payrail/permits';
import type { PlannedPayment } from '../planning/planned-payment.js';
import { UNCHECKED } from './gas.js';
import { secondFeePayment } from './second-fee.js';
import type { PayoutMetadata } from './payout-metadata.js';

/**
 * TRC-20 tokens whose `approve` refuses to change a non-zero allowance to another non-zero value
 * (Tron USDT: Request Network's release notes ask for the max-allowance approve pattern), so a
 * short non-zero allowance is first set to 0. Base58, as the registry writes them.
 */
export const TRON_APPROVE_RESET_TOKENS: readonly string[] = ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'];

/**
 * TRX kept per transaction for its bandwidth, on top of its fee limit (which bounds energy
 * only): 1,000 bytes at 1,000 SUN per byte, when the account's free and staked bandwidth is
 * used up. A TRC-20 call signed by one key is about 350 bytes.
 */
export const TRON_BANDWIDTH_MARGIN_SUN = 1_000_000n;

/**
 * The TRX (in SUN) a payer needs so that none of `transactions` can run out of energy or
 * bandwidth: each one's fee limit (Request Network's, 100 TRX for approve and 300 TRX for the
 * payment) plus the bandwidth margin. Staked or rented energy is not counted, so a payer that has
 * some may pay with less: the check errs on "not enough", never on "enough".
 */
export function tronFeeBudget(transactions: TronTransaction[]): bigint {
  return transactions.reduce((sum, tx) => sum + BigInt(tx.feeLimit) + TRON_BANDWIDTH_MARGIN_SUN, 0n);
}

/**
 * A Tron payout: `approve(feeProxy, amount + fee)` on the TRC-20 when the payer's allowance is
 * short (always without a payer state), preceded by `approve(feeProxy, 0)` for the tokens of
 * TRON_APPROVE_RESET_TOKENS holding a non-zero allowance; then `transferFromWithReferenceAndFee`.
 * With `state` (the payer read through TronGrid), `hasEnoughBalance` compares its token balance
 * with amount + fee and `hasEnoughGas` its TRX with tronFeeBudget of the returned transactions;
 * without, both are UNCHECKED.
 */
export function tronPayout(
  plan: PlannedPayment,
  reference: string,
  state?: TronPayerBalances,
): { transactions: TronTransaction[]; metadata: PayoutMetadata } {
  if (plan.token === null) throw new Error('Tron payouts are TRC-20 only');
  const total = plan.amount + plan.fee.amount + (plan.secondFee?.amount ?? 0n);
  const needsApproval = state ? state.allowance < total : true;
  const reset = state !== undefined && needsApproval && state.allowance > 0n && TRON_APPROVE_RESET_TOKENS.includes(plan.token);
  const transactions: TronTransaction[] = [];
  if (reset) transactions.push(tronApprove(plan.token, plan.proxy, 0n));
  const approvalIndex = needsApproval ? transactions.push(tronApprove(plan.token, plan.proxy, total)) - 1 : null;
  const payment = {
    to: plan.payee,
    amount: plan.amount,
    paymentReference: reference,
    feeAmount: plan.fee.amount,
    feeAddress: plan.fee.address,
  };
  const paymentIndex = transactions.push(tronFeeProxyPayment(plan.proxy, plan.token, payment)) - 1;
  const second = secondFeePayment(plan, reference);
  if (second) transactions.push(tronFeeProxyPayment(plan.proxy, plan.token, second));
  return {
    transactions,
    metadata: {
      stepsRequired: transactions.length,
      needsApproval,
      approvalTransactionIndex: approvalIndex,
      paymentTransactionIndex: paymentIndex,
      hasEnoughBalance: state ? state.tokenBalance >= total : UNCHECKED,
      hasEnoughGas: state ? state.trx >= tronFeeBudget(transactions) : UNCHECKED,
    },
  };
}
