/**
 * Amounts some clients send as JavaScript prints numbers: `String(0.1 + 0.2)` is
 * "0.30000000000000004" and `String(1e-7)` is "1e-7". The plain decimal such a text denotes, exactly
 * (string arithmetic, never a float), so that parseAmount can accept it when the currency has enough
 * decimals and refuse it, naming the decimals, when it has not.
 */

const PLAIN = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;
const EXPONENT = /^([0-9]+)(?:\.([0-9]+))?[eE]([+-]?[0-9]{1,4})$/;
/** Larger exponents describe no payable amount (uint256 has 78 digits; no currency has more than 18 decimals). */
const MAX_EXPONENT = 100;

export type DecimalNotation = { ok: true; plain: string } | { ok: false; reason: string };

/** "1e-7" -> "0.0000001", "1.5E+3" -> "1500", "10.50" -> "10.50"; anything else is refused with a reason. */
export function plainDecimal(text: string): DecimalNotation {
  if (PLAIN.test(text)) return { ok: true, plain: text };
  const match = EXPONENT.exec(text);
  if (!match) return { ok: false, reason: 'must be a positive decimal string such as "10" or "10.5"' };
  const exponent = Number(match[3]);
  if (Math.abs(exponent) > MAX_EXPONENT) return { ok: false, reason: `exponent ${match[3]} is out of range` };
  const fraction = match[2] ?? '';
  const digits = match[1] + fraction;
  const point = match[1].length + exponent; // where the decimal point lands in `digits`
  const whole = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0');
  const rest = point <= 0 ? '0'.repeat(-point) + digits : digits.slice(point);
  const trimmedWhole = whole.replace(/^0+(?=[0-9])/, '');
  const trimmedRest = rest.replace(/0+$/, '');
  return { ok: true, plain: trimmedRest ? `${trimmedWhole}.${trimmedRest}` : trimmedWhole };
}
