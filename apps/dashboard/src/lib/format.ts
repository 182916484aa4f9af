import { currencySymbol } from '@payrail/web';

const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** An ISO time as a person reads it (the browser's time zone); '—' for null. */
export function dateTime(iso: string | null | undefined): string {
  return iso ? DATE_TIME.format(new Date(iso)) : '—';
}

/** A UTC day (`2025-01-31`) as `31 Jan`. */
export function dayLabel(day: string): string {
  return DAY.format(new Date(`${day}T00:00:00Z`));
}

/** A decimal amount string from the API with its currency's symbol; the string is shown as the API wrote it. */
export function money(amount: string, currencyId: string): string {
  return `${amount} ${currencySymbol(currencyId)}`;
}

const SCALE = 18;

/** A decimal string (`12.5`) as an integer of 10^-18 units, for comparing amounts without floating point. */
export function decimalUnits(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.replace(/^-/, '').split('.');
  const units = BigInt(whole || '0') * 10n ** BigInt(SCALE) + BigInt((fraction + '0'.repeat(SCALE)).slice(0, SCALE) || '0');
  return amount.startsWith('-') ? -units : units;
}

/** `part / whole` in thousandths (0-1000), computed on bigint units: the height of a bar. */
export function shareOf(part: string, whole: string): number {
  const w = decimalUnits(whole);
  return w <= 0n ? 0 : Number((decimalUnits(part) * 1000n) / w);
}

/** The greater of two decimal strings. */
export function maxAmount(a: string, b: string): string {
  return decimalUnits(a) >= decimalUnits(b) ? a : b;
}

/** The customer as a list shows it: the name, else the e-mail; '—' when none was given. */
export function customerName(c: { firstName?: string; lastName?: string; email?: string } | null): string {
  const name = [c?.firstName, c?.lastName].filter(Boolean).join(' ');
  return name || c?.email || '—';
}

/** `datetime-local` wants the browser's local time without zone: the value for `iso`. */
export function localInput(iso: Date): string {
  const shifted = new Date(iso.getTime() - iso.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}
