import type { PaymentOptions } from '../options/payment-options.reader.js';
import type { DepositView } from '../../payments/chain/deposit-instructions.js';
import { formatAmount, maskAddress, type SecurePaymentStatus } from '@payrail/domain';
import type { RequestEntity, SecurePaymentEntity, StoredDestination } from '@payrail/persistence';
import { interopOf } from '../../payments/destinations/payee-destination.js';
import { brandingOf, type BrandingView } from './branding.js';
import { feePlanOf, type FeePlanView, storedFeePlanOf } from './fee-plan.js';
import type { PageTrustView } from './page-trust.js';
import type { RequestUsdRates } from './usd-rates.js';

/**
 * The destination the payment was created for (the page reads it: the platform's private label is
 * left out); with a masked payee its ids are withheld and the wallet shows only its ends.
 */
export interface DestinationView {
  id: string;
  destinationId: string | null;
  humanReadableInteropAddress: string | null;
  walletAddress: string;
  tokenAddress: string;
  chainId: number;
  network: string;
  currency: string;
}

function destinationViewOf(d: StoredDestination, masked: boolean, mask: (address: string) => string): DestinationView {
  return {
    id: d.id,
    destinationId: masked ? null : d.destinationId,
    humanReadableInteropAddress: masked ? null : interopOf(d).humanReadableInteropAddress,
    walletAddress: mask(d.walletAddress),
    tokenAddress: d.tokenAddress,
    chainId: d.chainId,
    network: d.network,
    currency: d.currencyId,
  };
}

/** The access decision for the wallet that reads the page (inner fields: not shown by the spec; ours). */
export interface AccessDecision {
  status: 'approved' | 'rejected' | 'not_evaluated';
  /** The canonical wallet the decision is about, or null when none was presented. */
  walletAddress: string | null;
  reason: 'no_policy' | 'allowlisted' | 'no_wallet' | 'wallet_not_proven' | 'screened' | 'screening_rejected' | 'screening_unavailable';
}

/**
 * Spec: Secure payment data (single). Required fields always present; null where the spec says null.
 * Extensions from PageTrustView: merchant, networkName, tokenName, tokenSymbol, receipt.
 */
export interface SinglePaymentView extends PageTrustView {
  paymentType: 'single';
  status: SecurePaymentStatus;
  redirectUrl: string | null;
  redirectLabel: string | null;
  /** Extension: when the link expires (ISO 8601), for the page's countdown. */
  expiresAt: string;
  /** Null when the creator set no branding; otherwise every field of the branding object. */
  branding: BrandingView | null;
  requestIds: string[];
  payee: string;
  network: string;
  amount: string;
  paymentCurrency: string;
  isNativeCurrency: boolean;
  destination: DestinationView | null;
  reference: string | null;
  feePlan: FeePlanView | null;
  orchestratorId: string | null;
  isPayeeAddressMasked: boolean;
  accessDecision: AccessDecision;
  /** Extension: present when settlement found that a wallet the access policy refuses paid (status then compliance_failed). */
  payerViolation?: { reason: 'payer_not_allowed' | 'payer_screening_rejected'; payerAddress: string | null; txHash: string };
  /** With `wallet`/`eoaWallet`: the holder's balances against what the payment needs, per chain and token (see PaymentOptionsReader). */
  paymentOptions?: PaymentOptions;
  /** Extension (pay by transfer): the deposit address and what it received; absent where the request has none. */
  deposit?: DepositView;
}

/**
 * The record the hosted page renders. `amount` is human-readable in the payment currency; with a
 * masked payee, payee (and the fee plan's destination address) show only their ends. The fee
 * plan's USD amounts use `rates` (those of the request's payment currency).
 */
export function singlePaymentView(
  payment: SecurePaymentEntity,
  request: RequestEntity,
  status: SecurePaymentStatus,
  access: { masked: boolean; decision: AccessDecision },
  rates: RequestUsdRates,
  trust: PageTrustView,
): SinglePaymentView {
  const mask = (address: string) => (access.masked ? maskAddress(address) : address);
  return {
    paymentType: 'single',
    status,
    redirectUrl: payment.redirectUrl,
    redirectLabel: payment.redirectLabel,
    expiresAt: payment.expiresAt.toISOString(),
    branding: payment.branding === null ? null : brandingOf(payment),
    requestIds: payment.requestIds,
    payee: mask(request.payee),
    network: request.network,
    amount: formatAmount(request.expectedAmount, request.currencyDecimals),
    paymentCurrency: request.paymentCurrency,
    isNativeCurrency: request.currencyAddress === null,
    destination: payment.destination && destinationViewOf(payment.destination, access.masked, mask),
    reference: payment.reference,
    feePlan: storedFeePlanOf(payment, mask) ?? feePlanOf(request, rates, mask),
    orchestratorId: payment.orchestratorId,
    isPayeeAddressMasked: access.masked,
    accessDecision: access.decision,
    ...trust,
    ...(payment.payerViolation
      ? {
          payerViolation: {
            reason: payment.payerViolation.reason,
            payerAddress: payment.payerViolation.payerAddress,
            txHash: payment.payerViolation.txHash,
          },
        }
      : {}),
  };
}
