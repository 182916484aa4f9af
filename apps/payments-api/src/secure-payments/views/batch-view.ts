import { formatAmount, maskAddress, type SecurePaymentStatus } from '@payrail/domain';
import type { RequestEntity, SecurePaymentEntity } from '@payrail/persistence';
import { brandingOf, type BrandingView } from './branding.js';
import type { AccessDecision } from './single-view.js';

/**
 * The record of a batch link (POST /v2/secure-payments/batch-payouts) for the hosted page: Request
 * Network's batch shape (`payees`, `amounts`, `paymentCurrencies`, `isNativeCurrency`, one entry
 * per payout in the link's order) with the single record's link fields. Amounts are human-readable.
 */
export interface BatchPaymentView {
  paymentType: 'batch';
  status: SecurePaymentStatus;
  redirectUrl: string | null;
  redirectLabel: string | null;
  expiresAt: string;
  branding: BrandingView | null;
  requestIds: string[];
  payees: string[];
  network: string;
  amounts: string[];
  paymentCurrencies: string[];
  isNativeCurrency: boolean[];
  /** Per payout: whether it is already paid (the pay route leaves paid ones out). */
  hasBeenPaid: boolean[];
  reference: string | null;
  feePlan: null;
  orchestratorId: string | null;
  isPayeeAddressMasked: boolean;
  accessDecision: AccessDecision;
}

export function batchPaymentView(
  payment: SecurePaymentEntity,
  requests: RequestEntity[],
  status: SecurePaymentStatus,
  access: { masked: boolean; decision: AccessDecision },
): BatchPaymentView {
  const byId = new Map(requests.map((r) => [r.id, r]));
  const ordered = payment.requestIds.flatMap((id) => byId.get(id) ?? []);
  return {
    paymentType: 'batch',
    status,
    redirectUrl: payment.redirectUrl,
    redirectLabel: payment.redirectLabel,
    expiresAt: payment.expiresAt.toISOString(),
    branding: payment.branding === null ? null : brandingOf(payment),
    requestIds: payment.requestIds,
    payees: ordered.map((r) => (access.masked ? maskAddress(r.payee) : r.payee)),
    network: ordered[0]?.network ?? '',
    amounts: ordered.map((r) => formatAmount(r.expectedAmount, r.currencyDecimals)),
    paymentCurrencies: ordered.map((r) => r.paymentCurrency),
    isNativeCurrency: ordered.map((r) => r.currencyAddress === null),
    hasBeenPaid: ordered.map((r) => r.status === 'paid' || r.status === 'overpaid'),
    reference: payment.reference,
    feePlan: null,
    orchestratorId: payment.orchestratorId,
    isPayeeAddressMasked: access.masked,
    accessDecision: access.decision,
  };
}
