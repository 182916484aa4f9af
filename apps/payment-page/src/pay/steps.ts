import type { MulticallPayAnswer, PayAnswer, SinglePayAnswer } from '../api';

/** One transaction the wallet sends, in order; `kind` says what the page tells the payer. */
export interface PayStep {
  kind: 'approve' | 'pay';
  to: string;
  data: string;
  value: bigint;
  /** Tron only: what TronWeb's triggerSmartContract needs. */
  tron?: { functionSelector: string; parameters: { type: string; value: string }[]; feeLimit: number };
}

export const isMulticallAnswer = (answer: PayAnswer): answer is MulticallPayAnswer => 'batchPaymentTransaction' in answer;

/** `{type: "BigNumber", hex}` or 0 (the payouts' value forms) as wei. */
function valueOf(value: { hex: string } | number): bigint {
  return typeof value === 'number' ? BigInt(value) : BigInt(value.hex);
}

/**
 * Every transaction of a pay answer in the order to send: a single payment's `transactions`
 * (approval first when the allowance is short), or a multicall's approvals then its batch call.
 */
export function stepsOf(answer: PayAnswer): PayStep[] {
  if (isMulticallAnswer(answer)) {
    return [
      ...answer.ERC20ApprovalTransactions.map((tx) => ({ kind: 'approve' as const, to: tx.to, data: tx.data, value: valueOf(tx.value) })),
      {
        kind: 'pay',
        to: answer.batchPaymentTransaction.to,
        data: answer.batchPaymentTransaction.data,
        value: valueOf(answer.batchPaymentTransaction.value),
      },
    ];
  }
  const single: SinglePayAnswer = answer;
  return single.transactions.map((tx, i) => ({
    kind: i === single.metadata.paymentTransactionIndex ? 'pay' : 'approve',
    to: tx.to,
    data: tx.data,
    value: valueOf(tx.value),
    ...(tx.functionSelector && tx.parameters
      ? { tron: { functionSelector: tx.functionSelector, parameters: tx.parameters, feeLimit: tx.feeLimit ?? 0 } }
      : {}),
  }));
}

/** The funds checks of a pay answer (the API answers true when it had no wallet to check). */
export function fundsOf(answer: PayAnswer): { hasEnoughBalance: boolean; hasEnoughGas: boolean } {
  return { hasEnoughBalance: answer.metadata.hasEnoughBalance, hasEnoughGas: answer.metadata.hasEnoughGas };
}
