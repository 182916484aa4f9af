import { detectAddressKind } from '@payrail/chains';
import { feePercentageBps } from '@payrail/domain';
import type { RequestEntity, SecurePaymentEntity } from '@payrail/persistence';
import type { FeePlanView } from '../../payments/planning/fee-plan-view.js';
import { usdOf, type RequestUsdRates } from './usd-rates.js';

export type { FeeEntryView, FeePlanView } from '../../payments/planning/fee-plan-view.js';

/** True when the request carries a fee (a non-zero amount to a fee address). */
export const feeApplies = (request: RequestEntity): boolean =>
  request.feeAmount > 0n && request.feePercentage !== null && request.feeAddress !== null;

/**
 * The fee plan stored with the link at creation (FeeResolver), or null for a link without one.
 * `mask` hides the fee addresses with the payee's.
 */
export function storedFeePlanOf(payment: SecurePaymentEntity, mask: (address: string) => string): FeePlanView | null {
  if (payment.feePlan === null) return null;
  const plan = payment.feePlan.plan as unknown as FeePlanView;
  const masked = (a: string | null) => (a === null ? null : mask(a));
  return {
    ...plan,
    fees: plan.fees.map((f) => ({
      ...f,
      destinationRef: { evmAddress: masked(f.destinationRef.evmAddress), tronAddress: masked(f.destinationRef.tronAddress) },
    })),
  };
}

/**
 * The fee plan of a link created before plans were stored with links, or of a multicall child:
 * derived from its request's Client ID fee, or null when no fee applies. Amounts in USD at the
 * rates the page's analytics use: the recipient gets the amount, the payer pays amount plus fee
 * (gross = payer total), nothing is taken from the payee. `mask` hides the fee address with the payee's.
 */
export function feePlanOf(
  request: RequestEntity,
  rates: RequestUsdRates,
  mask: (address: string) => string = (a) => a,
): FeePlanView | null {
  if (!feeApplies(request)) return null;
  const usd = (units: (r: RequestEntity) => bigint) => usdOf(rates, [request], units);
  const known = 'rates' in rates;
  const gross = usd((r) => r.expectedAmount + r.feeAmount);
  const fee = usd((r) => r.feeAmount);
  const address = request.feeAddress!;
  const kind = detectAddressKind(address);
  return {
    version: 1,
    flow: 'get_paid',
    defaultFeeBearer: 'payer',
    grossAmountUsd: gross,
    netRecipientAmountUsd: usd((r) => r.expectedAmount),
    payerTotalAmountUsd: gross,
    totalFeesUsd: fee,
    payeeBorneFeesUsd: known ? '0.00' : null,
    payerBorneFeesUsd: fee,
    fees: [
      {
        type: 'platform',
        label: 'Platform fee',
        feeBearer: 'payer',
        feeBearerSource: 'fee_config',
        percentageBps: feePercentageBps(request.feePercentage!),
        capUsd: null,
        calculatedAmountUsd: fee,
        destinationResolver: 'fee_address',
        destinationRef: { evmAddress: kind === 'evm' ? mask(address) : null, tronAddress: kind === 'tron' ? mask(address) : null },
        configSource: 'client_id',
        fixedAmountUsd: null,
      },
    ],
  };
}
