import { randomBytes } from 'node:crypto';
import { paymentReference, paymentReferenceTopic, requestIdFor } from '@payrail/domain';
import type { NewRequest, RecurringPaymentEntity } from '@payrail/persistence';

/**
 * The request of payment `index` of a schedule: its own requestId, salt and payment reference,
 * paid through the schedule's ERC20FeeProxy, so detection settles it like any payout.
 */
export function executionRequest(s: RecurringPaymentEntity, index: number): NewRequest {
  const salt = randomBytes(8).toString('hex');
  const id = requestIdFor(
    {
      platformId: s.platformId,
      network: s.network,
      payee: s.payee,
      paymentCurrency: s.paymentCurrency,
      expectedAmount: s.amount.toString(),
      invoiceCurrency: s.invoiceCurrency,
      invoiceAmount: s.invoiceAmount.toString(),
      feeAmount: s.feeAmount.toString(),
      feeAddress: s.feeAddress,
      salt,
      createdAt: new Date().toISOString(),
      recurringPaymentId: s.id,
      index,
    },
    randomBytes(32).toString('hex'),
  );
  const reference = paymentReference(id, salt, s.payee);
  return {
    id,
    salt,
    paymentReference: reference,
    referenceTopic: paymentReferenceTopic(reference),
    platformId: s.platformId,
    clientIdId: s.clientIdId,
    orchestratorId: null,
    batchId: null,
    network: s.network,
    payee: s.payee,
    payer: s.payer,
    invoiceCurrency: s.invoiceCurrency,
    invoiceAmount: s.invoiceAmount,
    invoiceDecimals: s.invoiceDecimals,
    paymentCurrency: s.paymentCurrency,
    currencyAddress: s.token,
    currencyDecimals: s.currencyDecimals,
    proxyAddress: s.feeProxy,
    expectedAmount: s.amount,
    feePercentage: s.feePercentage,
    feeAmount: s.feeAmount,
    feeAddress: s.feeAddress,
    customerInfoEncrypted: null,
    reference: s.reference,
  };
}
