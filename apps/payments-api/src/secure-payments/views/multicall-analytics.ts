import type { RequestEntity, SecurePaymentEntity } from '@payrail/persistence';
import { usdOf, type RequestUsdRates, type UsdUnavailableReason } from './usd-rates.js';

export interface MulticallAnalyticsView {
  creationTimestamp: string;
  /** Sum of the children's amounts (what the recipients receive), fees excluded. */
  totalPaymentAmountUsd: string | null;
  /** Payrail charges no protocol fee: "0.00" whenever the USD fields are known. */
  protocolFeeAmountUsd: string | null;
  /** The requests' fee (the Client ID's fee, paid on top by the payer). */
  orchestratorPayerFeeAmountUsd: string | null;
  /** No fee is taken from the recipients: "0.00" whenever the USD fields are known. */
  orchestratorRecipientFeeAmountUsd: string | null;
  feeAmountsUsdUnavailableReason: UsdUnavailableReason | null;
  numberOfPaymentsExcludingFees: number;
  destinationIds: string[];
  payoutKytProvider: string | null;
}

/**
 * The multicall payout's `analytics`: USD values of its children's amounts and fees from the
 * on-chain USD rates (UsdRates), as decimal strings rounded once, half up, to the cent. All or
 * nothing: one currency without a usable rate nulls every USD field and says why.
 */
export function multicallAnalytics(
  payment: SecurePaymentEntity,
  requests: RequestEntity[],
  childCount: number,
  rates: RequestUsdRates,
): MulticallAnalyticsView {
  const known = 'rates' in rates;
  return {
    creationTimestamp: payment.createdAt.toISOString(),
    totalPaymentAmountUsd: usdOf(rates, requests, (r) => r.expectedAmount),
    protocolFeeAmountUsd: known ? '0.00' : null,
    orchestratorPayerFeeAmountUsd: usdOf(rates, requests, (r) => r.feeAmount),
    orchestratorRecipientFeeAmountUsd: known ? '0.00' : null,
    feeAmountsUsdUnavailableReason: known ? null : rates.unavailable,
    numberOfPaymentsExcludingFees: childCount,
    destinationIds: [],
    payoutKytProvider: payment.accessPolicy.screening === 'kyt_all_wallets' ? 'payrail-sandbox' : null,
  };
}
