import { detectAddressKind } from '@payrail/chains';
import { feePercentageBps } from '@payrail/domain';
import type { RequestEntity } from '@payrail/persistence';
import { usdOf, type RequestUsdRates } from './usd-rates.js';

/** Spec: fee entry of a fee plan. Payrail has one kind of fee: the Client ID's percentage, paid on top by the payer. */
export interface FeeEntryView {
  type: 'platform';
  label: string;
  feeBearer: 'payer';
  feeBearerSource: 'fee_config';
  percentageBps: number;
  /** No cap: the fee is the percentage of the amount. */
  capUsd: null;
  calculatedAmountUsd: string | null;
  /** The fee goes to the address stored on the request (the Client ID's fee address at creation). */
  destinationResolver: 'fee_address';
  destinationRef: { evmAddress: string | null; tronAddress: string | null };
  configSource: 'client_id';
  /** No fixed part. */
  fixedAmountUsd: null;
}

/** Spec: fee plan (multicall child and single record). USD strings are null when the USD rate is unavailable. */
export interface FeePlanView {
  version: 1;
  flow: 'get_paid';
  defaultFeeBearer: 'payer';
  grossAmountUsd: string | null;
  netRecipientAmountUsd: string | null;
  payerTotalAmountUsd: string | null;
  totalFeesUsd: string | null;
  payeeBorneFeesUsd: string | null;
  payerBorneFeesUsd: string | null;
  fees: FeeEntryView[];
}

/** True when the request carries a fee (a non-zero amount to a fee address). */
export const feeApplies = (request: RequestEntity): boolean =>
  request.feeAmount > 0n && request.feePercentage !== null && request.feeAddress !== null;

/**
 * The request's fee plan, or null when no fee applies. Amounts in USD at the rates the page's
 * analytics use: the recipient gets the amount, the payer pays amount plus fee (gross = payer
 * total), nothing is taken from the payee. `mask` hides the fee address with the payee's.
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
