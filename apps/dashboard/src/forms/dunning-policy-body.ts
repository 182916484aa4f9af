import { z } from 'zod';
import type { PaymentsSchemas } from '../api';

const MINUTES = /^\s*[1-9][0-9]{0,5}(\s*,\s*[1-9][0-9]{0,5}){0,19}\s*$/;
const DAYS = /^(0|[1-9][0-9]{0,2})$/;

/** The dunning policy form: retry delays in minutes (comma-separated, the last repeating), grace period and cancel delay in days. */
export const dunningPolicyForm = z.object({
  retryMinutes: z
    .string()
    .regex(MINUTES, 'form.retry_minutes')
    .refine((v) => v.split(',').every((m) => Number(m) >= 1 && Number(m) <= 43_200), 'form.retry_minutes'),
  graceDays: z
    .string()
    .trim()
    .regex(DAYS, 'form.grace_days')
    .refine((v) => Number(v) <= 60, 'form.grace_days'),
  cancelAfterDays: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .regex(DAYS, 'form.cancel_days')
      .refine((v) => Number(v) <= 365, 'form.cancel_days'),
  ]),
});
export type DunningPolicyValues = z.output<typeof dunningPolicyForm>;

type Policy = PaymentsSchemas['DunningPolicyResponseDto'];
const DAY = 86_400;

/** The form filled from the platform's policy (or the default the API answers). */
export function dunningPolicyFormOf(policy: Policy): DunningPolicyValues {
  return {
    retryMinutes: policy.retryDelaysSeconds.map((s) => String(Math.round(s / 60))).join(', '),
    graceDays: String(Math.round(policy.gracePeriodSeconds / DAY)),
    cancelAfterDays: policy.cancelAfterSeconds === null ? '' : String(Math.round(policy.cancelAfterSeconds / DAY)),
  };
}

/** PUT /v2/payouts/recurring-dunning-policy: seconds; an empty cancel delay is null (never cancel). */
export function dunningPolicyBody(v: DunningPolicyValues): PaymentsSchemas['DunningPolicyDto'] {
  return {
    retryDelaysSeconds: v.retryMinutes.split(',').map((m) => Number(m.trim()) * 60),
    gracePeriodSeconds: Number(v.graceDays) * DAY,
    cancelAfterSeconds: v.cancelAfterDays === '' ? null : Number(v.cancelAfterDays) * DAY,
  };
}
