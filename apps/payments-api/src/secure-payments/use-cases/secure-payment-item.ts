import type { StoredDestination } from '@payrail/persistence';
import type { EntityManager } from 'typeorm';
import { activeDestination, storedDestination, termsOf } from '../../payments/destinations/payee-destination.js';
import { fieldOf, invalidField } from '../../payments/planning/invalid.js';
import type { PaymentTerms } from '../../payments/planning/planned-payment.js';
import type { SecurePaymentItemDto } from '../dto/secure-payment-item.dto.js';

/**
 * The payment terms of one `requests` item: given outright (payee and currencies), or from the
 * platform's active payee destination it names (then payee and paymentCurrency are refused:
 * the destination decides them). The destination is kept on the link as it is now.
 */
export async function resolveItem(
  manager: EntityManager,
  platformId: string,
  item: SecurePaymentItemDto,
  prefix: string,
): Promise<{ terms: PaymentTerms; destination: StoredDestination | null }> {
  if (item.destinationId === undefined) {
    // The DTO requires these three without destinationId.
    return {
      terms: { payee: item.payee!, amount: item.amount, invoiceCurrency: item.invoiceCurrency!, paymentCurrency: item.paymentCurrency! },
      destination: null,
    };
  }
  for (const name of ['payee', 'paymentCurrency'] as const) {
    if (item[name] !== undefined)
      throw invalidField(fieldOf(prefix, name), `${fieldOf(prefix, name)} cannot be sent with destinationId (the destination decides it)`);
  }
  const destination = storedDestination(await activeDestination(manager, platformId, item.destinationId, fieldOf(prefix, 'destinationId')));
  return { terms: termsOf(destination, item.amount, item.invoiceCurrency), destination };
}
