import { formatAmount } from '@payrail/domain';
import {
  type BatchFeeSettings,
  type BatchPayment,
  type BigNumberValue,
  bigNumberValue,
  encodeApprove,
  encodeBatchPayments,
  type EncodedBatch,
  type PayoutTransaction,
} from '@payrail/permits';
import type { PayerState, PayerStateQuery } from '../chain/payer-state.reader.js';
import type { PlannedPayment } from '../planning/planned-payment.js';
import { GAS_FALLBACK, UNCHECKED } from './gas.js';

/** The batch fee the batch contract charges, included in the approvals and the value (Payrail extension). */
export interface BatchFeeView {
  included: true;
  /** The contract's `batchFee()`, in basis points of the request amounts (fees excluded). */
  bps: number;
  /** The same as a percentage, e.g. "0.3". */
  percentage: string;
  /** Who receives it: the batch's fee address (the payer's own address when the batch has no fee). */
  recipient: string | null;
  /** Per payment currency of the batch, in its order: the batch fee in human units and base units. */
  amounts: { currency: string; token: string | null; amount: string; units: string }[];
}

export interface BatchMetadata {
  stepsRequired: number;
  needsApproval: boolean;
  hasEnoughBalance: boolean;
  hasEnoughGas: boolean;
  batchFee: BatchFeeView;
}

/** The batch answer as Request Network's clients read it (plus metadata). */
export interface BuiltBatch {
  ERC20ApprovalTransactions: PayoutTransaction[];
  batchPaymentTransaction: { data: string; to: string; value: BigNumberValue };
  metadata: BatchMetadata;
}

export interface BatchInput {
  plans: PlannedPayment[];
  references: string[];
  /** The batch contract on the plans' network. */
  batchContract: string;
  /** Receives every fee and the batch fee (see batchFeeRecipient). */
  feeAddress: string | null;
}

/** The batch call and the approval of each token's total to the batch contract, encoded once. */
export interface PreparedBatch extends EncodedBatch {
  approvals: PayoutTransaction[];
}

export const batchPayments = (input: BatchInput): BatchPayment[] =>
  input.plans.map((plan, i) => ({
    token: plan.token,
    recipient: plan.payee,
    amount: plan.amount,
    paymentReference: input.references[i],
    feeAmount: plan.fee.amount,
  }));

/** The call, and the approvals of each token's total (amounts, fees and batch fee) to the batch contract, under `settings`. */
export function encodeBatch(input: BatchInput, settings: BatchFeeSettings): PreparedBatch {
  const batch = encodeBatchPayments(batchPayments(input), input.feeAddress, settings);
  const approvals = [...batch.tokenTotals].map(([token, total]): PayoutTransaction => ({
    data: encodeApprove(input.batchContract, total),
    to: token,
    value: 0,
  }));
  return { ...batch, approvals };
}

/** The reads and estimates the batch metadata needs (one RPC round trip): every token's balance and allowance to the batch contract. */
export function batchStateQuery(input: BatchInput, batch: PreparedBatch, payer: string): PayerStateQuery {
  return {
    network: input.plans[0].network.name,
    payer,
    tokens: [...batch.tokenTotals.keys()].map((token) => ({ token, spender: input.batchContract })),
    estimates: [
      ...batch.approvals.map((a) => ({ to: a.to, data: a.data, value: 0n })),
      { to: input.batchContract, data: batch.data, value: batch.value },
    ],
  };
}

/**
 * `ERC20ApprovalTransactions` (always an array): `approve(batchContract, total)` for each token
 * whose allowance is short (every token without a payer), then one `batchPaymentTransaction`
 * carrying the native total as `{type: "BigNumber", hex}`. Totals and value include the batch
 * fee, which `metadata.batchFee` details.
 */
export function buildBatch(input: BatchInput, batch: PreparedBatch, settings: BatchFeeSettings, state: PayerState | undefined): BuiltBatch {
  const all = batch.approvals;
  const tokens = [...batch.tokenTotals];
  const needed = all.filter((_, i) => !state || state.tokens[i].allowance < tokens[i][1]);
  let hasEnoughBalance = UNCHECKED;
  let hasEnoughGas = UNCHECKED;
  if (state) {
    hasEnoughBalance = state.nativeBalance >= batch.value && tokens.every(([, total], i) => state.tokens[i].balance >= total);
    const approveGas = all.reduce(
      (sum, _, i) => sum + (state.tokens[i].allowance < tokens[i][1] ? (state.gas[i] ?? GAS_FALLBACK.approve) : 0n),
      0n,
    );
    const batchGas = state.gas[all.length] ?? GAS_FALLBACK.batchBase + GAS_FALLBACK.batchPerPayment * BigInt(input.plans.length);
    hasEnoughGas = state.nativeBalance >= batch.value + state.gasPrice * (approveGas + batchGas);
  }
  return {
    ERC20ApprovalTransactions: needed,
    batchPaymentTransaction: { data: batch.data, to: input.batchContract, value: bigNumberValue(batch.value) },
    metadata: {
      stepsRequired: needed.length + 1,
      needsApproval: needed.length > 0,
      hasEnoughBalance,
      hasEnoughGas,
      batchFee: batchFeeView(input, batch, settings),
    },
  };
}

function batchFeeView(input: BatchInput, batch: PreparedBatch, settings: BatchFeeSettings): BatchFeeView {
  const currencyOf = (token: string | null) => input.plans.find((p) => p.token === token)!.currency;
  const amount = (token: string | null, units: bigint) => {
    const currency = currencyOf(token);
    return { currency: currency.id, token, amount: formatAmount(units, currency.decimals), units: units.toString() };
  };
  const amounts = [...batch.batchFees.tokens].map(([token, units]) => amount(token, units));
  if (input.plans.some((p) => p.token === null)) amounts.push(amount(null, batch.batchFees.native));
  return {
    included: true,
    bps: Number(settings.bps),
    percentage: formatAmount(settings.bps, 2),
    recipient: input.feeAddress,
    amounts,
  };
}
