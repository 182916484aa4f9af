/**
 * Amounts as the API writes them (human-readable decimal strings, "10.5") and as the chain
 * counts them (integer base units, bigint). No JS numbers anywhere.
 */

/** Largest amount a fee proxy can move: amounts and fees are uint256, and amount + fee must not overflow. */
const MAX_BASE_UNITS = 2n ** 255n - 1n;

/** Largest amount, and fee, of one recurring payment: the SchedulePermit's amount and feeAmount are uint128. */
export const MAX_RECURRING_BASE_UNITS = 2n ** 128n - 1n;

const DECIMAL = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;

export type AmountCheck = { ok: true; units: bigint } | { ok: false; reason: string };

/**
 * A positive decimal string in base units of a currency with `decimals` decimals: "10.5" with 6
 * decimals is 10500000n. More fractional digits than the currency has is refused, not rounded.
 */
export function parseAmount(text: string, decimals: number): AmountCheck {
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, reason: 'must be a positive decimal string such as "10" or "10.5"' };
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) {
    return { ok: false, reason: `has ${fraction.length} decimals; the currency allows at most ${decimals}` };
  }
  const units = BigInt(match[1] + fraction.padEnd(decimals, '0'));
  if (units === 0n) return { ok: false, reason: 'must be greater than 0' };
  if (units > MAX_BASE_UNITS) return { ok: false, reason: 'is too large' };
  return { ok: true, units };
}

/**
 * Why a payment's amount in base units of the currency it is paid in cannot be paid (a fiat
 * invoice converts to more units than its own), or undefined when it can. `max` is
 * MAX_RECURRING_BASE_UNITS for a recurring schedule.
 */
export function baseUnitsRefusal(units: bigint, max: bigint = MAX_BASE_UNITS): string | undefined {
  if (units <= 0n) return 'must be greater than 0';
  if (units > max) return `is too large: it is ${units} base units of the payment currency, at most ${max} can be paid`;
  return undefined;
}

/** Base units as a decimal string without trailing zeros: 10500000n with 6 decimals is "10.5". */
export function formatAmount(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * `units` of a currency with `fromDecimals` decimals as base units of one with `toDecimals`, at
 * par (1 unit = 1 unit: same-peg stablecoins). Exact; a remainder rounds UP, so whoever pays the
 * result never pays less than `units` is worth (in the payee's favour, by less than one base unit).
 */
export function rescaleUnits(units: bigint, fromDecimals: number, toDecimals: number): bigint {
  if (units < 0n) throw new Error('rescaleUnits takes a non-negative amount');
  if (toDecimals >= fromDecimals) return units * 10n ** BigInt(toDecimals - fromDecimals);
  const divisor = 10n ** BigInt(fromDecimals - toDecimals);
  return units === 0n ? 0n : (units - 1n) / divisor + 1n;
}
