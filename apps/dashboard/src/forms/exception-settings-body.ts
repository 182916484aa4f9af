import { z } from 'zod';
import type { PaymentsSchemas } from '../api';

/** The exception settings form: a tolerance (none, a percentage or an amount) and the late window in minutes. */
export const exceptionSettingsForm = z
  .object({
    toleranceKind: z.enum(['none', 'percent', 'amount']),
    tolerance: z.string().trim(),
    lateWindowMinutes: z
      .string()
      .trim()
      .regex(/^(0|[1-9][0-9]{0,5})$/, 'form.late_window')
      .refine((v) => Number(v) <= 43200, 'form.late_window'),
  })
  .refine((v) => v.toleranceKind !== 'percent' || /^(100(\.0{1,2})?|[0-9]{1,2}(\.[0-9]{1,2})?)$/.test(v.tolerance), {
    message: 'form.tolerance_percent',
    path: ['tolerance'],
  })
  .refine((v) => v.toleranceKind !== 'amount' || /^(0|[1-9][0-9]{0,20})(\.[0-9]{1,18})?$/.test(v.tolerance), {
    message: 'form.tolerance_amount',
    path: ['tolerance'],
  });
export type ExceptionSettingsValues = z.output<typeof exceptionSettingsForm>;

/** The form filled from the stored settings. */
export function exceptionSettingsFormOf(s: PaymentsSchemas['ExceptionSettingsResponseDto'] | undefined): ExceptionSettingsValues {
  const percent = s?.underpaidTolerancePercent ?? null;
  const amount = s?.underpaidToleranceAmount ?? null;
  return {
    toleranceKind: percent !== null ? 'percent' : amount !== null ? 'amount' : 'none',
    tolerance: percent ?? amount ?? '',
    lateWindowMinutes: String(Math.floor((s?.lateWindowSeconds ?? 0) / 60)),
  };
}

/** PUT /v2/exception-settings. */
export function exceptionSettingsBody(v: ExceptionSettingsValues): PaymentsSchemas['ExceptionSettingsDto'] {
  return {
    underpaidTolerancePercent: v.toleranceKind === 'percent' ? v.tolerance : null,
    underpaidToleranceAmount: v.toleranceKind === 'amount' ? v.tolerance : null,
    lateWindowSeconds: Number(v.lateWindowMinutes) * 60,
  };
}
