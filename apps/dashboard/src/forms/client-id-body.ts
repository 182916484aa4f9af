import { z } from 'zod';
import type { AuthSchemas } from '../api';
import { optionalText, required } from './validation';

/** The Client ID form: label, allowed origins as typed, an optional fee with the address receiving it, active (edit only). */
export const clientIdForm = z
  .object({ label: required.max(100), allowed: optionalText, fee: optionalText, feeAddress: optionalText, active: z.boolean() })
  .refine((v) => !v.fee || v.feeAddress, { message: 'form.fee_address', path: ['feeAddress'] });
export type ClientIdValues = z.output<typeof clientIdForm>;

/** The form filled from the Client ID being edited, or empty for a new one (active). */
export function clientIdFormOf(editing: AuthSchemas['ClientIdResponse'] | undefined): ClientIdValues {
  return {
    label: editing?.label ?? '',
    allowed: editing?.allowedDomains.join(', ') ?? '',
    fee: editing?.feePercentage ?? '',
    feeAddress: editing?.feeAddress ?? '',
    active: editing ? editing.status === 'active' : true,
  };
}

/** Allowed origins as typed: separated by commas, spaces or new lines. */
export const originsOf = (text: string): string[] => text.split(/[\s,]+/).filter(Boolean);

/** POST /v1/client-ids: the fee fields only when a fee is given. */
export function createClientIdBody(v: ClientIdValues): AuthSchemas['CreateClientIdDto'] {
  const fee = v.fee.trim();
  return {
    label: v.label.trim(),
    allowedDomains: originsOf(v.allowed),
    ...(fee ? { feePercentage: fee, feeAddress: v.feeAddress.trim() } : {}),
  };
}

/** PUT /v1/client-ids/{id}: every field sent; an emptied fee clears it (null). */
export function updateClientIdBody(v: ClientIdValues): AuthSchemas['UpdateClientIdDto'] {
  const fee = v.fee.trim();
  return {
    label: v.label.trim(),
    allowedDomains: originsOf(v.allowed),
    status: v.active ? 'active' : 'inactive',
    ...(fee ? { feePercentage: fee, feeAddress: v.feeAddress.trim() } : { feePercentage: null, feeAddress: null }),
  };
}
