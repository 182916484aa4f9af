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
  /** Who pays it back: the payee's wallet, or the request's deposit forwarder (funds it still holds). */
  source: z.enum(['payee_wallet', 'deposit_forwarder']),
});
export type RefundFormValues = z.output<typeof refundForm>;

/** POST /v2/request/{id}/refunds: empty fields and the default source left out (the API's defaults apply). */
export function createRefundBody(v: RefundFormValues): PaymentsSchemas['CreateRefundDto'] {
  return {
    ...(v.amount ? { amount: v.amount } : {}),
    ...(v.refundAddress ? { refundAddress: v.refundAddress } : {}),
    ...(v.source === 'deposit_forwarder' ? { source: v.source } : {}),
  };
}
