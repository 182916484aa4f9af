import { newRequestRow, type NewRequest, type RecurringPaymentEntity } from '@payrail/persistence';

/**
 * The request of payment `index` of a schedule: its own requestId (the schedule's id and the
 * index hashed in), salt and payment reference (newRequestRow), paid through the schedule's
 * ERC20FeeProxy, so detection settles it like any payout.
 */
export function executionRequest(s: RecurringPaymentEntity, index: number): NewRequest {
  return newRequestRow(
    {
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
      reference: s.reference,
    },
    { creation: { recurringPaymentId: s.id, index } },
  );
}
