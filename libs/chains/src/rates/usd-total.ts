import { RateError, type UsdRate } from './rate-source.js';

/** `units / 10^decimals` of an asset whose USD price is `rate`. */
export interface PricedAmount {
  units: bigint;
  decimals: number;
  rate: UsdRate;
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/**
 * The USD value of several amounts as a decimal string with two decimals ("2250.00"). Integer
 * arithmetic only: each term `units * answer / 10^(decimals + rateDecimals)` is brought exactly to
 * the largest of those powers of ten and summed exactly; only the sum is rounded, half up, to the
 * cent. An empty list is "0.00".
 */
export function usdTotal(amounts: readonly PricedAmount[]): string {
  for (const { rate, units } of amounts) {
    if (rate.answer <= 0n) throw new RateError('INVALID_ANSWER', `Rate ${rate.asset}/USD on ${rate.network} is not positive`);
    if (units < 0n) throw new RateError('INVALID_AMOUNT', 'A USD total takes non-negative amounts');
  }
  const scale = Math.max(0, ...amounts.map((a) => a.decimals + a.rate.decimals));
  const exact = amounts.reduce((sum, a) => sum + a.units * a.rate.answer * pow10(scale - a.decimals - a.rate.decimals), 0n);
  const denominator = pow10(scale);
  const cents = (exact * 100n + denominator / 2n) / denominator;
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}
