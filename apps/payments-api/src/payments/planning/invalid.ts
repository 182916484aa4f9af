import { PayrailError } from '@payrail/domain';

/** A 400 naming the field, in the shape of the global validation pipe's failures. */
export function invalidField(field: string, message: string): PayrailError {
  const summary = message.startsWith(field) ? message : `${field}: ${message}`;
  return new PayrailError('VALIDATION_FAILED', `Validation failed: ${summary}`, { fields: [{ field, message }] });
}

/** `requests.2.payee` for a batch item, `payee` for a single payout. */
export const fieldOf = (prefix: string, name: string): string => (prefix ? `${prefix}.${name}` : name);
