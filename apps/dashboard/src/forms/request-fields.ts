import { z } from 'zod';
import type { PaymentsSchemas } from '../api';
import { amount, optionalText, required } from './validation';

/**
 * The fields a payment link and an invoice share: payee, amount, network (which only picks the
 * currencies offered), payment currency and invoice currency (the payment currency when empty).
 */
export const requestFields = z.object({
  payee: required,
  amount,
  network: z.string(),
  paymentCurrency: required,
  invoiceCurrency: optionalText,
});
export type RequestFieldValues = z.infer<typeof requestFields>;

/** Empty values of the shared fields: the payee defaults to the session's wallet, the network to the first configured. */
export function emptyRequestFields(defaultPayee: string | undefined, network: string | undefined): z.input<typeof requestFields> {
  return { payee: defaultPayee ?? '', amount: '', network: network ?? '', paymentCurrency: '', invoiceCurrency: '' };
}

/** One request of a secure payment, from the shared fields. */
export function paymentRequestOf(
  v: RequestFieldValues,
): PaymentsSchemas['CreateSecurePaymentDto']['requests'][number] & { payee: string; invoiceCurrency: string; paymentCurrency: string } {
  return { payee: v.payee, amount: v.amount, invoiceCurrency: v.invoiceCurrency || v.paymentCurrency, paymentCurrency: v.paymentCurrency };
}
