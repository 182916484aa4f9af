import { lookupMessage } from '@payrail/web';
import { z } from 'zod';

/** The sentences of the forms' own checks (zod issues carry these keys as their message). */
const MESSAGES = {
  'form.required': 'Fill in this field.',
  'form.amount': 'Enter an amount such as 12.5 (digits, one dot).',
  'form.email': 'Enter an e-mail address such as ada@example.com.',
  'form.url': 'Enter a full address starting with https:// (or http://).',
  'form.color': 'Enter a colour as # and six hex digits, such as #1a2b3c.',
  'form.fee_address': 'A fee needs the address that receives it.',
  'form.bps': 'Enter whole basis points from 0 to 10000 (250 = 2.5 %).',
  'form.usd_cap': 'Enter a USD amount such as 5 or 5.00 (at most two decimals), or leave it empty.',
  'form.fee_recipient': 'Enter the address that receives the fee on EVM networks, on Tron, or both.',
  'form.no_markup': 'Leave out < and >.',
  'form.late_window': 'Enter whole minutes from 0 to 43200 (30 days).',
  'form.tolerance_percent': 'Enter a percentage from 0 to 100 with at most two decimals, such as 0.5.',
  'form.tolerance_amount': 'Enter an amount such as 0.50 (digits, one dot).',
  'form.address': 'Enter an address as 0x and 40 hex digits, or leave it empty.',
  'form.retry_minutes': 'Enter 1 to 20 delays in minutes (1 to 43200), separated by commas.',
  'form.grace_days': 'Enter a whole number of days from 0 to 60.',
  'form.cancel_days': 'Enter a whole number of days up to 365, or leave it empty.',
} as const;

/** The sentence of an issue's message key (an unknown message is shown as is). */
export const validationText = (message: string): string => lookupMessage(MESSAGES, message) ?? message;

/** Building blocks: trimmed strings; an optional field is '' when left empty. */
export const required = z.string().trim().min(1, 'form.required');
export const optionalText = z.string().trim();
export const amount = z
  .string()
  .trim()
  .regex(/^[0-9]+(\.[0-9]+)?$/, 'form.amount');
export const optionalEmail = z.union([z.literal(''), z.email('form.email')]);
export const optionalUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'form.url' })]);
export const optionalColor = z.union([z.literal(''), z.string().regex(/^#[0-9a-fA-F]{6}$/, 'form.color')]);
