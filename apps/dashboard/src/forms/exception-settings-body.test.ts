import { describe, expect, it } from 'vitest';
import { exceptionSettingsBody, exceptionSettingsForm, exceptionSettingsFormOf } from './exception-settings-body';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('exception settings form → PUT /v2/exception-settings', () => {
  it('sends one tolerance and the late window in seconds', () => {
    expect(
      exceptionSettingsBody(exceptionSettingsForm.parse({ toleranceKind: 'percent', tolerance: ' 0.5 ', lateWindowMinutes: '60' })),
    ).toEqual({
      underpaidTolerancePercent: '0.5',
      underpaidToleranceAmount: null,
      lateWindowSeconds: 3600,
    });
    expect(exceptionSettingsBody(exceptionSettingsForm.parse({ toleranceKind: 'none', tolerance: '9', lateWindowMinutes: '0' }))).toEqual({
      underpaidTolerancePercent: null,
      underpaidToleranceAmount: null,
      lateWindowSeconds: 0,
    });
  });

  it('names the field and the sentence of a bad value', () => {
    expect(issues(exceptionSettingsForm.safeParse({ toleranceKind: 'percent', tolerance: '101', lateWindowMinutes: '0' }))).toEqual([
      ['tolerance', 'form.tolerance_percent'],
    ]);
    expect(issues(exceptionSettingsForm.safeParse({ toleranceKind: 'amount', tolerance: 'x', lateWindowMinutes: '43201' }))).toEqual([
      ['lateWindowMinutes', 'form.late_window'],
      ['tolerance', 'form.tolerance_amount'],
    ]);
  });

  it('fills the form from the stored settings', () => {
    expect(
      exceptionSettingsFormOf({
        underpaidTolerancePercent: null,
        underpaidToleranceAmount: '0.50',
        lateWindowSeconds: 7200,
        updatedAt: null,
      }),
    ).toEqual({ toleranceKind: 'amount', tolerance: '0.50', lateWindowMinutes: '120' });
  });
});
