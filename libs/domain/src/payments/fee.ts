/**
 * Platform fees: `feePercentage` ("2.5" = 2.5 %) of the payment amount, paid on top by the payer
 * to the fee address (the fee proxies' `feeAmount`).
 */

const PERCENTAGE = /^(0|[1-9][0-9]?|100)(?:\.([0-9]{1,18}))?$/;

/** True for a decimal string from 0 to 100 with at most 18 decimals. */
export function isFeePercentage(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = PERCENTAGE.exec(value);
  if (!match) return false;
  return match[1] !== '100' || /^0*$/.test(match[2] ?? '');
}

/**
 * The fee on `amount` base units: amount * percentage / 100, rounded down (never more than the
 * stated percentage). Exact integer arithmetic on the percentage's decimal digits.
 */
export function feeAmount(amount: bigint, percentage: string): bigint {
  if (!isFeePercentage(percentage)) throw new Error(`Not a fee percentage from 0 to 100: ${String(percentage)}`);
  const [whole, fraction = ''] = percentage.split('.');
  const scaled = BigInt(whole + fraction);
  return (amount * scaled) / (100n * 10n ** BigInt(fraction.length));
}

/** True when the percentage is zero ("0", "0.00"). */
export function isZeroPercentage(percentage: string): boolean {
  return /^0+(\.0+)?$/.test(percentage);
}

/** The percentage in basis points ("2.5" -> 250), rounded half up to a whole basis point. */
export function feePercentageBps(percentage: string): number {
  if (!isFeePercentage(percentage)) throw new Error(`Not a fee percentage from 0 to 100: ${String(percentage)}`);
  const [whole, fraction = ''] = percentage.split('.');
  const scaled = BigInt(whole + fraction) * 100n;
  const denominator = 10n ** BigInt(fraction.length);
  return Number((scaled * 2n + denominator) / (2n * denominator));
}
