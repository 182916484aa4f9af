import { PayrailError } from '@payrail/domain';
import type { PayeeDestinationRow, StoredDestination } from '@payrail/persistence';
import type { Caller } from '@payrail/platform';
import type { EntityManager } from 'typeorm';
import { boundDestination } from '../../payments/destinations/bound-payee.js';
import { activeDestination, storedDestination, termsOf } from '../../payments/destinations/payee-destination.js';
import { fieldOf, invalidField } from '../../payments/planning/invalid.js';
import type { PaymentTerms } from '../../payments/planning/planned-payment.js';
import type { SecurePaymentItemDto } from '../dto/secure-payment-item.dto.js';

/**
 * The payment terms of one `requests` item: from the platform's active payee destination it names
 * (`destinationId`), else given outright (payee and currencies), else from the destination bound
 * to the calling Client ID (as Request Network resolves it). With a destination, payee and
 * paymentCurrency are refused (the destination decides them) and the link keeps the destination as it is now.
 */
export async function resolveItem(
  manager: EntityManager,
  caller: Caller,
  platformId: string,
  item: SecurePaymentItemDto,
  prefix: string,
): Promise<{ terms: PaymentTerms; destination: StoredDestination | null }> {
  const field = (name: string) => fieldOf(prefix, name);
  if (item.destinationId !== undefined)
    return fromDestination(item, prefix, await activeDestination(manager, platformId, item.destinationId, field('destinationId')));
  if (item.payee === undefined) {
    const bound = await boundDestination(manager, caller, field('payee'));
    if (bound) return fromDestination(item, prefix, bound);
  }
  const { payee, invoiceCurrency, paymentCurrency } = item;
  if (payee === undefined || invoiceCurrency === undefined || paymentCurrency === undefined) {
    const missing = (['payee', 'invoiceCurrency', 'paymentCurrency'] as const).filter((name) => item[name] === undefined);
    const fields = missing.map((name) => ({
      field: field(name),
      message: name === 'payee' ? 'payee is required (or destinationId)' : `${name} is required`,
    }));
    throw new PayrailError('VALIDATION_FAILED', `Validation failed: ${fields.map((f) => `${f.field}: ${f.message}`).join('; ')}`, {
      fields,
    });
  }
  return { terms: { payee, amount: item.amount, invoiceCurrency, paymentCurrency }, destination: null };
}

function fromDestination(item: SecurePaymentItemDto, prefix: string, row: PayeeDestinationRow) {
  for (const name of ['payee', 'paymentCurrency'] as const) {
    const field = fieldOf(prefix, name);
    if (item[name] !== undefined)
      throw invalidField(field, `${field} cannot be sent with a payee destination (the destination decides it)`);
  }
  const destination = storedDestination(row);
  return { terms: termsOf(destination, item.amount, item.invoiceCurrency), destination };
}
