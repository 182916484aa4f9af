import { RateError, type UsdRate } from './rate-source.js';

/** A non-negative decimal string as an integer and a power of ten: "100.50" -> 10050n / 10^2. */
export interface DecimalAmount {
  units: bigint;
  scale: number;
}

const DECIMAL = /^(0|[1-9][0-9]*)(?:\.([0-9]{1,36}))?$/;

export function parseDecimalAmount(text: string): DecimalAmount {
  const match = DECIMAL.exec(text);
  if (!match) throw new RateError('INVALID_AMOUNT', `Amount must be a non-negative decimal string such as "100.00", got "${text}"`);
  const fraction = match[2] ?? '';
  return { units: BigInt(match[1] + fraction), scale: fraction.length };
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** Integer division rounded up (both operands positive or zero numerator). */
const ceilDiv = (a: bigint, b: bigint): bigint => (a === 0n ? 0n : (a - 1n) / b + 1n);

/**
 * Converts a fiat amount into token base units with integer arithmetic only.
 *
 *   tokenUnits = amount * (fiat in USD) / (token in USD) * 10^tokenDecimals
 *              = units * fiatAnswer * 10^tokenRateDecimals * 10^tokenDecimals
 *                / (10^scale * 10^fiatRateDecimals * tokenAnswer)
 *
 * `fiatRate` is null for USD itself. Rounding: one division, rounded UP, so the payee always
 * receives at least the invoiced value (the payer pays at most one base unit more).
 */
export function fiatToTokenUnits(amount: string, fiatRate: UsdRate | null, tokenRate: UsdRate, tokenDecimals: number): bigint {
  const { units, scale } = parseDecimalAmount(amount);
  const fiatAnswer = fiatRate?.answer ?? 1n;
  const fiatDecimals = fiatRate?.decimals ?? 0;
  for (const rate of [fiatRate, tokenRate]) {
    if (rate && rate.answer <= 0n) throw new RateError('INVALID_ANSWER', `Rate ${rate.asset}/USD on ${rate.network} is not positive`);
  }
  const numerator = units * fiatAnswer * pow10(tokenRate.decimals) * pow10(tokenDecimals);
  const denominator = pow10(scale) * pow10(fiatDecimals) * tokenRate.answer;
  return ceilDiv(numerator, denominator);
}
