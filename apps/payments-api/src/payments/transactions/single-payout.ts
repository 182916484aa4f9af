import {
  bigNumberValue,
  encodeApprove,
  encodeErc20FeeProxyPayment,
  encodeNativeFeeProxyPayment,
  needsApprovalReset,
  type PayoutTransaction,
  type TronTransaction,
} from '@payrail/permits';
import type { PayerState, PayerStateQuery } from '../chain/payer-state.reader.js';
import type { PlannedPayment } from '../planning/planned-payment.js';
import { GAS_FALLBACK, UNCHECKED } from './gas.js';
import type { PayoutMetadata } from './payout-metadata.js';
import { secondFeePayment } from './second-fee.js';
import { tronPayout } from './tron-payout.js';

export interface BuiltPayout {
  transactions: (PayoutTransaction | TronTransaction)[];
  metadata: PayoutMetadata;
}

/** What the payment moves from the payer: the amount, the fee on top, and a second recipient's fee. */
export const totalOf = (plan: PlannedPayment): bigint => plan.amount + plan.fee.amount + (plan.secondFee?.amount ?? 0n);

/** The fee-proxy arguments of a planned payment (payee, amount, reference, fee). */
const feeProxyPayment = (plan: PlannedPayment, reference: string) => ({
  to: plan.payee,
  amount: plan.amount,
  paymentReference: reference,
  feeAmount: plan.fee.amount,
  feeAddress: plan.fee.address,
});

/** An EVM payout's calls, encoded once: the payment, and the approval of amount + fee it may need (null for native). */
export interface EvmCalls {
  payment: PayoutTransaction;
  approval: PayoutTransaction | null;
  /** The second fee recipient's call, sent after the payment (null without one). */
  secondFee?: PayoutTransaction | null;
}

const approval = (token: string, spender: string, amount: bigint): PayoutTransaction => ({
  data: encodeApprove(spender, amount),
  to: token,
  value: 0,
});

export function evmCalls(plan: PlannedPayment, reference: string): EvmCalls {
  const payment = feeProxyPayment(plan, reference);
  const second = secondFeePayment(plan, reference);
  if (plan.token === null) {
    return {
      payment: { data: encodeNativeFeeProxyPayment(payment), to: plan.proxy, value: bigNumberValue(plan.amount + plan.fee.amount) },
      approval: null,
      secondFee: second && { data: encodeNativeFeeProxyPayment(second), to: plan.proxy, value: bigNumberValue(second.amount) },
    };
  }
  return {
    payment: { data: encodeErc20FeeProxyPayment(plan.token, payment), to: plan.proxy, value: 0 },
    approval: approval(plan.token, plan.proxy, totalOf(plan)),
    secondFee: second && { data: encodeErc20FeeProxyPayment(plan.token, second), to: plan.proxy, value: 0 },
  };
}

/** The reads and estimates an EVM payout's metadata needs (one RPC round trip). */
export function payerStateQuery(plan: PlannedPayment, calls: EvmCalls, payer: string): PayerStateQuery {
  const paymentEstimate = {
    to: calls.payment.to,
    data: calls.payment.data,
    value: plan.token === null ? plan.amount + plan.fee.amount : 0n,
  };
  if (plan.token === null || calls.approval === null)
    return { network: plan.network.name, payer, tokens: [], estimates: [paymentEstimate] };
  return {
    network: plan.network.name,
    payer,
    tokens: [{ token: plan.token, spender: plan.proxy }],
    estimates: [{ to: calls.approval.to, data: calls.approval.data, value: 0n }, paymentEstimate],
  };
}

/**
 * The transactions of a one-time payout, in the order to send them, and the spec's metadata.
 * - Native: one call to the native fee proxy with value = amount + fee.
 * - ERC-20: `approve(feeProxy, amount + fee)` first when the payer's allowance is short (always
 *   without a payer), preceded by `approve(feeProxy, 0)` for tokens that refuse changing a
 *   non-zero allowance; then `transferFromWithReferenceAndFee`.
 * - Tron: tronPayout (here without a payer state; InitiatePayout reads it through TronGrid).
 * With `state` (the payer's balances, allowance, gas price and estimates) the balance and gas
 * flags are computed; without, they are UNCHECKED.
 */
export function buildPayout(plan: PlannedPayment, reference: string, state: PayerState | undefined, given?: EvmCalls): BuiltPayout {
  if (plan.network.kind === 'tron') return tronPayout(plan, reference);
  const calls = given ?? evmCalls(plan, reference);
  const payment = calls.payment;
  const needed = totalOf(plan);
  if (plan.token === null) {
    const gas = state ? state.gasPrice * (state.gas[0] ?? GAS_FALLBACK.nativePayment) * (calls.secondFee ? 2n : 1n) : 0n;
    const transactions = calls.secondFee ? [payment, calls.secondFee] : [payment];
    return {
      transactions,
      metadata: {
        stepsRequired: transactions.length,
        needsApproval: false,
        approvalTransactionIndex: null,
        paymentTransactionIndex: 0,
        hasEnoughBalance: state ? state.nativeBalance >= needed : UNCHECKED,
        hasEnoughGas: state ? state.nativeBalance >= needed + gas : UNCHECKED,
      },
    };
  }
  const token = state?.tokens[0];
  const needsApproval = token ? token.allowance < needed : true;
  const reset = token !== undefined && needsApproval && token.allowance > 0n && needsApprovalReset(plan.network.name, plan.token);
  const transactions: PayoutTransaction[] = [];
  if (reset) transactions.push(approval(plan.token, plan.proxy, 0n));
  const approvalIndex = needsApproval && calls.approval ? transactions.push(calls.approval) - 1 : null;
  const paymentIndex = transactions.push(payment) - 1;
  if (calls.secondFee) transactions.push(calls.secondFee);
  let hasEnoughGas = UNCHECKED;
  if (state) {
    const approveGas = state.gas[0] ?? GAS_FALLBACK.approve;
    const paymentGas = state.gas[1] ?? GAS_FALLBACK.erc20Payment;
    const units = paymentGas * (calls.secondFee ? 2n : 1n) + (needsApproval ? approveGas * (reset ? 2n : 1n) : 0n);
    hasEnoughGas = state.nativeBalance >= state.gasPrice * units;
  }
  return {
    transactions,
    metadata: {
      stepsRequired: transactions.length,
      needsApproval,
      approvalTransactionIndex: approvalIndex,
      paymentTransactionIndex: paymentIndex,
      hasEnoughBalance: token ? token.balance >= needed : UNCHECKED,
      hasEnoughGas,
    },
  };
}
