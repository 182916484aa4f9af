import { webhookEvent, type DomainEvent } from '@payrail/domain';
import { newRequestRow, type NewRequest, type RequestEntity } from '@payrail/persistence';

/**
 * The request of period `period` of the recurring invoice series whose first request is `root`:
 * the same terms (payee, currencies, amounts, fee, payer, reference, owner), a new requestId, salt and
 * payment reference, pointing back at the first request. The customerInfo is not copied (its
 * ciphertext is bound to the first request's id): the status record of a period shows the series'.
 */
export function periodRequest(root: RequestEntity, period: number): NewRequest {
  const row = newRequestRow(
    {
      platformId: root.platformId,
      clientIdId: root.clientIdId,
      orchestratorId: root.orchestratorId,
      batchId: null,
      network: root.network,
      payee: root.payee,
      payer: root.payer,
      invoiceCurrency: root.invoiceCurrency,
      invoiceAmount: root.invoiceAmount,
      invoiceDecimals: root.invoiceDecimals,
      paymentCurrency: root.paymentCurrency,
      currencyAddress: root.currencyAddress,
      currencyDecimals: root.currencyDecimals,
      proxyAddress: root.proxyAddress,
      expectedAmount: root.expectedAmount,
      feePercentage: root.feePercentage,
      feeAmount: root.feeAmount,
      feeAddress: root.feeAddress,
      reference: root.reference,
    },
    { creation: { originalRequestId: root.id, period } },
  );
  return {
    ...row,
    kind: 'invoice',
    isCryptoToFiatAvailable: root.isCryptoToFiatAvailable,
    recurrenceFrequency: root.recurrenceFrequency,
    recurrenceStart: root.recurrenceStart,
    recurrencePeriod: period,
    originalRequestId: root.id,
    originalRequestPaymentReference: root.paymentReference,
  };
}

/** `request.recurring`: the period's new request and the series' first request (docs/webhooks.md). */
export function recurringEvent(
  root: RequestEntity,
  issued: NewRequest,
  facts: { period: number; periodStart: Date; clientId: string | null; at: Date },
): DomainEvent {
  return webhookEvent(
    'request.recurring',
    { aggregateType: 'request', aggregateId: issued.id },
    {
      requestId: issued.id,
      requestID: issued.id,
      paymentReference: issued.paymentReference,
      originalRequestId: root.id,
      originalRequestPaymentReference: root.paymentReference,
      timestamp: facts.at.toISOString(),
      clientId: facts.clientId,
      period: facts.period,
      periodStart: facts.periodStart.toISOString(),
      recurrence: { startDate: root.recurrenceStart!.toISOString(), frequency: root.recurrenceFrequency! },
    },
    { platformId: root.platformId },
  );
}
