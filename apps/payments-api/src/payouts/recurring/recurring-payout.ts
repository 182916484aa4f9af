import type { NetworkInfo } from '@payrail/chains';
import { buildSchedulePermit, encodeApprove, type RecurringPaymentPermit } from '@payrail/permits';
import type { NewRecurringPayment, RequestOwner } from '@payrail/persistence';
import { ZeroAddress } from 'ethers';
import type { PlannedPayment } from '../../payments/planning/planned-payment.js';
import type { Frequency, ScheduleTerms } from './schedule-terms.js';

/** A transaction of the recurring answers: value as a hex string, as the spec shows it. */
export interface RecurringTransaction {
  to: string;
  data: string;
  value: string;
}

/** The spec's recurring payout response (201). */
export interface RecurringPayoutView {
  id: string;
  transactions: RecurringTransaction[];
  recurringPaymentPermit: RecurringPaymentPermit;
  metadata: {
    stepsRequired: number;
    totalNeededAllowance: string;
    currentAllowance: string;
    additionalAllowanceNeeded: string;
    existingPaymentsAmount: string;
  };
}

export interface RecurringPlan {
  id: string;
  owner: RequestOwner;
  plan: PlannedPayment & { token: string };
  network: NetworkInfo;
  recurringProxy: string;
  payer: string;
  frequency: Frequency;
  terms: ScheduleTerms;
  /** What the relayer charges per execution; 0: the platform's relayer pays the gas. */
  gasFee: bigint;
  reference: string | null;
}

/** The permit for a planned schedule (a fresh random nonce each time). */
export function permitFor(p: RecurringPlan): RecurringPaymentPermit {
  return buildSchedulePermit({
    chainId: p.network.chainId,
    verifyingContract: p.recurringProxy,
    subscriber: p.payer,
    token: p.plan.token,
    recipient: p.plan.payee,
    feeAddress: p.plan.fee.address ?? ZeroAddress,
    amount: p.plan.amount,
    feeAmount: p.plan.fee.amount,
    gasFee: p.gasFee,
    ...p.terms,
  });
}

const MAX_UINT256 = (1n << 256n) - 1n;

/**
 * The answer. `existingPaymentsAmount` is what the caller's own live schedules of this payer,
 * token and proxy still pull (never another platform's: that would publish their volumes to
 * anyone who names the wallet), and `totalNeededAllowance` that plus this schedule.
 *
 * The ERC-20 allowance to the proxy is one number shared by every schedule of the wallet,
 * whoever made it, and approve() overwrites it. So the approve never lowers what is there: it
 * sets max(current, own existing) + this schedule's need, which keeps every earlier schedule
 * covered without knowing (or revealing) what the others need. It is answered on every new
 * schedule (deciding to skip it would need the others' volumes), except when the allowance is
 * already unlimited (2^256 - 1, which ERC-20 tokens do not spend down).
 */
export function recurringView(
  p: RecurringPlan,
  permit: RecurringPaymentPermit,
  allowance: { current: bigint; existing: bigint },
): RecurringPayoutView {
  const perPayment = p.plan.amount + p.plan.fee.amount + p.gasFee;
  const need = perPayment * BigInt(p.terms.totalExecutions);
  const total = need + allowance.existing;
  const covered = allowance.current > allowance.existing ? allowance.current : allowance.existing;
  const approved = covered + need > MAX_UINT256 ? MAX_UINT256 : covered + need;
  const additional = allowance.current === MAX_UINT256 ? 0n : approved - allowance.current;
  const transactions = additional > 0n ? [{ to: p.plan.token, data: encodeApprove(p.recurringProxy, approved), value: '0x0' }] : [];
  return {
    id: p.id,
    transactions,
    recurringPaymentPermit: permit,
    metadata: {
      stepsRequired: transactions.length + 1,
      totalNeededAllowance: total.toString(),
      currentAllowance: allowance.current.toString(),
      additionalAllowanceNeeded: additional.toString(),
      existingPaymentsAmount: allowance.existing.toString(),
    },
  };
}

/** The row stored as `awaiting_signature`. */
export function newRecurringRecord(p: RecurringPlan, permit: RecurringPaymentPermit): NewRecurringPayment {
  return {
    id: p.id,
    platformId: p.owner.platformId,
    clientIdId: p.owner.clientIdId ?? null,
    status: 'awaiting_signature',
    network: p.network.name,
    recurringProxy: p.recurringProxy,
    feeProxy: p.plan.proxy,
    payer: p.payer,
    payee: p.plan.payee,
    token: p.plan.token,
    paymentCurrency: p.plan.currency.id,
    currencyDecimals: p.plan.currency.decimals,
    invoiceCurrency: p.plan.invoice.id,
    invoiceAmount: p.plan.invoiceUnits,
    invoiceDecimals: p.plan.invoice.decimals,
    amount: p.plan.amount,
    feePercentage: p.plan.fee.percentage,
    feeAmount: p.plan.fee.amount,
    feeAddress: p.plan.fee.address,
    gasFee: p.gasFee,
    frequency: p.frequency,
    periodSeconds: p.terms.periodSeconds,
    firstExec: p.terms.firstExec,
    totalPayments: p.terms.totalExecutions,
    permit,
    reference: p.reference,
  };
}
