import { z } from 'zod';
import type { PaymentsSchemas } from '../api';
import { optionalText } from './validation';

/** The platform's fee configuration form: basis points, an optional USD cap, who bears it, where it is paid, active. */
export const feeConfigForm = z
  .object({
    bps: z
      .string()
      .trim()
      .regex(/^(0|[1-9][0-9]{0,4})$/, 'form.bps')
      .refine((v) => Number(v) <= 10000, 'form.bps'),
    usdCap: z.union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^(0|[1-9][0-9]*)(\.[0-9]{1,2})?$/, 'form.usd_cap'),
    ]),
    feeBearer: z.enum(['payer', 'payee']),
    evmAddress: optionalText,
    tronAddress: optionalText,
    active: z.boolean(),
  })
  .refine((v) => v.evmAddress !== '' || v.tronAddress !== '', { message: 'form.fee_recipient', path: ['evmAddress'] });
export type FeeConfigValues = z.output<typeof feeConfigForm>;

type FeeConfig = PaymentsSchemas['FeeConfigResponseDto'];

/** The form filled from the stored configuration, or empty (payer-borne, active) when there is none. */
export function feeConfigFormOf(config: FeeConfig | null | undefined): FeeConfigValues {
  return {
    bps: config ? String(config.bps) : '',
    usdCap: config?.usdCap ?? '',
    feeBearer: config?.feeBearer ?? 'payer',
    evmAddress: config?.evmRecipientAddress ?? '',
    tronAddress: config?.tronRecipientAddress ?? '',
    active: config ? config.status === 'active' : true,
  };
}

/** PUT /v2/fee-config: the whole configuration; an empty cap or address is sent as null. */
export function feeConfigBody(v: FeeConfigValues): PaymentsSchemas['FeeConfigDto'] {
  return {
    bps: Number(v.bps),
    usdCap: v.usdCap === '' ? null : v.usdCap,
    feeBearer: v.feeBearer,
    evmRecipientAddress: v.evmAddress === '' ? null : v.evmAddress,
    tronRecipientAddress: v.tronAddress === '' ? null : v.tronAddress,
    status: v.active ? 'active' : 'disabled',
  };
}
