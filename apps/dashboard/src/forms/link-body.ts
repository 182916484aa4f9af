import { z } from 'zod';
import type { PaymentsSchemas } from '../api';
import { paymentRequestOf, requestFields } from './request-fields';
import { optionalColor, optionalText, optionalUrl } from './validation';

export const EXPIRIES = [
  { seconds: 3600, label: 'links.expiry_hour' },
  { seconds: 86400, label: 'links.expiry_day' },
  { seconds: 7 * 86400, label: 'links.expiry_week' },
  { seconds: 30 * 86400, label: 'links.expiry_month' },
] as const;

/** "Create payment link": the shared request fields, expiry, reference, redirect, branding and the access policy. */
export const linkForm = requestFields.extend({
  expiresIn: z.coerce.number().int().positive(),
  reference: optionalText,
  redirectUrl: z.string().trim().pipe(optionalUrl),
  redirectLabel: optionalText,
  color: z.string().trim().pipe(optionalColor),
  logo: optionalText,
  allowed: optionalText,
  screening: z.enum(['off', 'kyt_all_wallets']),
  hidePayee: z.boolean(),
});
export type LinkFormInput = z.input<typeof linkForm>;
export type LinkFormValues = z.output<typeof linkForm>;

/** Allowed payer addresses as typed: separated by commas, spaces or new lines. */
export const addressesOf = (text: string): string[] => text.split(/[\s,]+/).filter(Boolean);

/** POST /v2/secure-payments: one request; the redirect label only with a redirect; branding only when given. */
export function createLinkBody(v: LinkFormValues): PaymentsSchemas['CreateSecurePaymentDto'] {
  const allowed = addressesOf(v.allowed);
  const branding = { ...(v.color ? { primaryActionColor: v.color } : {}), ...(v.logo ? { logoPath: v.logo } : {}) };
  return {
    requests: [paymentRequestOf(v)],
    expiresIn: v.expiresIn,
    ...(v.reference ? { reference: v.reference } : {}),
    ...(v.redirectUrl ? { redirectUrl: v.redirectUrl, ...(v.redirectLabel ? { redirectLabel: v.redirectLabel } : {}) } : {}),
    ...(Object.keys(branding).length ? { branding } : {}),
    accessPolicy: { screening: v.screening, hidePayeeAddress: v.hidePayee, ...(allowed.length ? { allowedPayerAddresses: allowed } : {}) },
  };
}
