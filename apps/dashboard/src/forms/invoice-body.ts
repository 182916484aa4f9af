import { z } from 'zod';
import type { PaymentsSchemas } from '../api';
import { paymentRequestOf, requestFields } from './request-fields';
import { optionalEmail, optionalText } from './validation';

/** "Create invoice": the shared request fields, a reference and the customer. */
export const invoiceForm = requestFields.extend({
  reference: optionalText,
  firstName: optionalText,
  lastName: optionalText,
  email: z.string().trim().pipe(optionalEmail),
});
export type InvoiceFormInput = z.input<typeof invoiceForm>;
export type InvoiceFormValues = z.output<typeof invoiceForm>;

/** POST /v2/request: empty optional fields left out, the customer only when one of its fields is given. */
export function createInvoiceBody(v: InvoiceFormValues): PaymentsSchemas['CreateRequestDto'] {
  const customer = {
    ...(v.firstName ? { firstName: v.firstName } : {}),
    ...(v.lastName ? { lastName: v.lastName } : {}),
    ...(v.email ? { email: v.email } : {}),
  };
  const { payee, amount, paymentCurrency, invoiceCurrency } = paymentRequestOf(v);
  return {
    payee,
    amount,
    paymentCurrency,
    invoiceCurrency,
    ...(v.reference ? { reference: v.reference } : {}),
    ...(Object.keys(customer).length ? { customerInfo: customer } : {}),
  };
}
