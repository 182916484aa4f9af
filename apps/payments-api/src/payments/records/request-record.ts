import { randomBytes } from 'node:crypto';
import { paymentReference, paymentReferenceTopic, requestIdFor } from '@payrail/domain';
import type { NewRequest, RequestOwner } from '@payrail/persistence';
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
 * A new request for a planned payment: a fresh requestId (`01` + keccak256 of its creation data
 * and a random nonce), a random 8-byte salt, and the payment reference Request Network computes
 * from them and the payee. customerInfo is stored encrypted (AES-256-GCM, bound to the requestId).
 */
export function newRequestRecord(plan: PlannedPayment, context: RecordContext, cipher: FieldCipher): NewRequest {
  const salt = randomBytes(8).toString('hex');
  const id = requestIdFor(
    {
      platformId: context.owner.platformId,
      network: plan.network.name,
      payee: plan.payee,
      paymentCurrency: plan.currency.id,
      expectedAmount: plan.amount.toString(),
      invoiceCurrency: plan.invoice.id,
      invoiceAmount: plan.invoiceUnits.toString(),
      feeAmount: plan.fee.amount.toString(),
      feeAddress: plan.fee.address,
      salt,
      createdAt: new Date().toISOString(),
    },
    randomBytes(32).toString('hex'),
  );
  const reference = paymentReference(id, salt, plan.payee);
  return {
    id,
    salt,
    paymentReference: reference,
    referenceTopic: paymentReferenceTopic(reference),
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
    customerInfoEncrypted: context.customerInfo ? cipher.encrypt(JSON.stringify(context.customerInfo), id) : null,
    reference: context.reference ?? null,
  };
}
