import type { PaymentOptions } from '../options/payment-options.reader.js';
import { formatAmount, maskAddress, type SecurePaymentStatus } from '@payrail/domain';
import type { RequestEntity, SecurePaymentEntity } from '@payrail/persistence';

/** The access decision for the wallet that reads the page (inner fields: not shown by the spec; ours). */
export interface AccessDecision {
  status: 'approved' | 'rejected' | 'not_evaluated';
  /** The canonical wallet the decision is about, or null when none was presented. */
  walletAddress: string | null;
  reason: 'no_policy' | 'allowlisted' | 'no_wallet' | 'screened' | 'screening_rejected' | 'screening_unavailable';
}

/** Fee plan captured at creation (inner fields: not shown by the spec; ours). */
export interface FeePlanView {
  version: 1;
  feePercentage: string;
  feeAmount: string;
  feeAddress: string | null;
}

/** Spec: Secure payment data (single). Required fields always present; null where the spec says null. */
export interface SinglePaymentView {
  paymentType: 'single';
  status: SecurePaymentStatus;
  redirectUrl: string | null;
  redirectLabel: string | null;
  branding: Record<string, unknown> | null;
  requestIds: string[];
  payee: string;
  network: string;
  amount: string;
  paymentCurrency: string;
  isNativeCurrency: boolean;
  destination: null;
  reference: string | null;
  feePlan: FeePlanView | null;
  orchestratorId: string | null;
  isPayeeAddressMasked: boolean;
  accessDecision: AccessDecision;
  /** With `wallet`/`eoaWallet`: the holder's balances against what the payment needs, per chain and token (see PaymentOptionsReader). */
  paymentOptions?: PaymentOptions;
}

function feePlanOf(request: RequestEntity): FeePlanView | null {
  if (request.feeAmount === 0n || request.feePercentage === null) return null;
  return {
    version: 1,
    feePercentage: request.feePercentage,
    feeAmount: formatAmount(request.feeAmount, request.currencyDecimals),
    feeAddress: request.feeAddress,
  };
}

/**
 * The record the hosted page renders. `amount` is human-readable in the payment currency; with a
 * masked payee, payee (and the fee plan's address) show only their ends.
 */
export function singlePaymentView(
  payment: SecurePaymentEntity,
  request: RequestEntity,
  status: SecurePaymentStatus,
  access: { masked: boolean; decision: AccessDecision },
): SinglePaymentView {
  const feePlan = feePlanOf(request);
  const mask = (address: string) => (access.masked ? maskAddress(address) : address);
  return {
    paymentType: 'single',
    status,
    redirectUrl: payment.redirectUrl,
    redirectLabel: payment.redirectLabel,
    branding: payment.branding,
    requestIds: payment.requestIds,
    payee: mask(request.payee),
    network: request.network,
    amount: formatAmount(request.expectedAmount, request.currencyDecimals),
    paymentCurrency: request.paymentCurrency,
    isNativeCurrency: request.currencyAddress === null,
    destination: null,
    reference: payment.reference,
    feePlan: feePlan && { ...feePlan, feeAddress: feePlan.feeAddress && mask(feePlan.feeAddress) },
    orchestratorId: payment.orchestratorId,
    isPayeeAddressMasked: access.masked,
    accessDecision: access.decision,
  };
}
