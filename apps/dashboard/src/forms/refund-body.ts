import { z } from 'zod';
import type { PaymentsSchemas } from '../api';
import { amount } from './validation';

/** "Refund": an amount (empty: everything still refundable) and a refund address (empty: the wallet that paid). */
export const refundForm = z.object({
  amount: z.union([z.literal(''), amount]),
  refundAddress: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .regex(/^0x[0-9a-fA-F]{40}$/, 'form.address'),
  ]),
});
export type RefundFormValues = z.output<typeof refundForm>;

/** POST /v2/request/{id}/refunds: empty fields left out (the API's defaults apply). */
export function createRefundBody(v: RefundFormValues): PaymentsSchemas['CreateRefundDto'] {
  return { ...(v.amount ? { amount: v.amount } : {}), ...(v.refundAddress ? { refundAddress: v.refundAddress } : {}) };
}
