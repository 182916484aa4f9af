import type { AuthSchemas } from '../api';

/** The Client ID form's fields, as typed. */
export interface ClientIdValues {
  label: string;
  allowed: string;
  fee: string;
  feeAddress: string;
  active: boolean;
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
