import { newRequestRow, type NewRequest, type RequestOwner } from '@payrail/persistence';
import type { FieldCipher } from '@payrail/platform';
import type { PlannedPayment } from '../planning/planned-payment.js';

export interface RecordContext {
  owner: RequestOwner;
  payer: string | null;
  customerInfo?: object;
  reference?: string;
  batchId?: string;
}

/**
 * A new request for a planned payment (newRequestRow makes its requestId, salt and payment
 * reference). customerInfo is stored encrypted (AES-256-GCM, bound to the requestId).
 */
export function newRequestRecord(plan: PlannedPayment, context: RecordContext, cipher: FieldCipher): NewRequest {
  const { customerInfo } = context;
  return newRequestRow(
    {
      platformId: context.owner.platformId,
      clientIdId: context.owner.clientIdId ?? null,
      orchestratorId: null,
      batchId: context.batchId ?? null,
      network: plan.network.name,
      payee: plan.payee,
      payer: context.payer,
      invoiceCurrency: plan.invoice.id,
      invoiceAmount: plan.invoiceUnits,
      invoiceDecimals: plan.invoice.decimals,
      paymentCurrency: plan.currency.id,
      currencyAddress: plan.token,
      currencyDecimals: plan.currency.decimals,
      proxyAddress: plan.proxy,
      expectedAmount: plan.amount,
      feePercentage: plan.fee.percentage,
      feeAmount: plan.fee.amount,
      feeAddress: plan.fee.address,
      reference: context.reference ?? null,
    },
    { encryptCustomerInfo: customerInfo ? (id) => cipher.encrypt(JSON.stringify(customerInfo), id) : undefined },
  );
}
