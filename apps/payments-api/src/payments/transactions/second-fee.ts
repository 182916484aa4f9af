import type { PlannedPayment } from '../planning/planned-payment.js';

/**
 * The fee-proxy arguments paying a second fee recipient (RN's fee proxies take one fee address per
 * call): the fee as the call's amount to that address, under the request's reference, no fee of
 * its own. Detection counts only transfers to the payee, so this call never counts as payment.
 */
export const secondFeePayment = (plan: PlannedPayment, reference: string) =>
  plan.secondFee
    ? { to: plan.secondFee.address, amount: plan.secondFee.amount, paymentReference: reference, feeAmount: 0n, feeAddress: null }
    : null;
