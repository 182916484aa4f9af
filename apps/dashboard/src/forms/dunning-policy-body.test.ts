import { describe, expect, it } from 'vitest';
import { dunningPolicyBody, dunningPolicyForm, dunningPolicyFormOf } from './dunning-policy-body';

const DEFAULT = {
  retryDelaysSeconds: [300, 1800, 7200, 72000, 86400],
  gracePeriodSeconds: 1_209_600,
  cancelAfterSeconds: 604_800,
  source: 'default' as const,
  updatedAt: null,
};

describe('dunning policy form → PUT /v2/payouts/recurring-dunning-policy', () => {
  it('shows the default in minutes and days and sends it back unchanged', () => {
    const values = dunningPolicyFormOf(DEFAULT);
    expect(values).toEqual({ retryMinutes: '5, 30, 120, 1200, 1440', graceDays: '14', cancelAfterDays: '7' });
    expect(dunningPolicyBody(dunningPolicyForm.parse(values))).toEqual({
      retryDelaysSeconds: DEFAULT.retryDelaysSeconds,
      gracePeriodSeconds: DEFAULT.gracePeriodSeconds,
      cancelAfterSeconds: DEFAULT.cancelAfterSeconds,
    });
  });

  it('sends an empty cancel delay as null (never cancel) and refuses bad delays', () => {
    expect(dunningPolicyBody(dunningPolicyForm.parse({ retryMinutes: '10,60', graceDays: '3', cancelAfterDays: '' }))).toEqual({
      retryDelaysSeconds: [600, 3600],
      gracePeriodSeconds: 259_200,
      cancelAfterSeconds: null,
    });
    for (const retryMinutes of ['', '0', '5,,30', 'five', '50000'])
      expect(dunningPolicyForm.safeParse({ retryMinutes, graceDays: '3', cancelAfterDays: '' }).success).toBe(false);
    expect(dunningPolicyForm.safeParse({ retryMinutes: '5', graceDays: '61', cancelAfterDays: '' }).success).toBe(false);
  });
});
