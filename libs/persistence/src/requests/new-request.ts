import { randomBytes } from 'node:crypto';
import { paymentReference, paymentReferenceTopic, requestIdFor } from '@payrail/domain';
import type { NewRequest } from './requests.repository.js';

/** A new request's terms: every column but the identity newRequestRow derives and the customerInfo ciphertext. */
export type RequestTerms = Omit<NewRequest, 'id' | 'salt' | 'paymentReference' | 'referenceTopic' | 'customerInfoEncrypted'>;

export interface RequestIdentityOptions {
  /** Extra creation data hashed into the requestId (a recurring payment's id and index). */
  creation?: Record<string, unknown>;
  /** The customerInfo ciphertext, bound to the new requestId (AES-256-GCM via FieldCipher); null when none. */
  encryptCustomerInfo?: (requestId: string) => string | null;
}

/**
 * The one place a request row is made (payouts, secure payments, and the recurring executor's
 * payment of each period): a fresh requestId (`01` + keccak256 of its creation data and a
 * random 32-byte nonce), a random 8-byte salt, and the payment reference Request Network
 * computes from them and the payee, with its indexed topic.
 */
export function newRequestRow(terms: RequestTerms, options: RequestIdentityOptions = {}): NewRequest {
  const salt = randomBytes(8).toString('hex');
  const id = requestIdFor(
    {
      platformId: terms.platformId,
      network: terms.network,
      payee: terms.payee,
      paymentCurrency: terms.paymentCurrency,
      expectedAmount: terms.expectedAmount.toString(),
      invoiceCurrency: terms.invoiceCurrency,
      invoiceAmount: terms.invoiceAmount.toString(),
      feeAmount: terms.feeAmount.toString(),
      feeAddress: terms.feeAddress,
      salt,
      createdAt: new Date().toISOString(),
      ...options.creation,
    },
    randomBytes(32).toString('hex'),
  );
  const reference = paymentReference(id, salt, terms.payee);
  return {
    ...terms,
    id,
    salt,
    paymentReference: reference,
    referenceTopic: paymentReferenceTopic(reference),
    customerInfoEncrypted: options.encryptCustomerInfo?.(id) ?? null,
  };
}
