import { describe, expect, it } from 'vitest';
import { reconciliationRunBody, reconciliationRunForm } from './reconciliation-run-body';

const now = new Date('2026-11-28T10:15:42.987Z');

describe('"Run now" form → POST /v2/reconciliation/runs', () => {
  it('ends a window up to now at the current whole second, its length before that', () => {
    expect(reconciliationRunBody({ network: 'sepolia', window: '24h' }, now)).toEqual({
      network: 'sepolia',
      from: '2026-11-27T10:15:42.000Z',
      to: '2026-11-28T10:15:42.000Z',
    });
    expect(reconciliationRunBody({ network: 'base', window: '7d' }, now)).toMatchObject({
      from: '2026-11-21T10:15:42.000Z',
      to: '2026-11-28T10:15:42.000Z',
    });
    expect(reconciliationRunBody({ network: 'base', window: '31d' }, now).from).toBe('2026-10-28T10:15:42.000Z');
  });

  it('the previous UTC day is midnight to midnight, whatever the hour', () => {
    expect(reconciliationRunBody({ network: 'sepolia', window: 'yesterday' }, now)).toEqual({
      network: 'sepolia',
      from: '2026-11-27T00:00:00.000Z',
      to: '2026-11-28T00:00:00.000Z',
    });
    expect(reconciliationRunBody({ network: 'sepolia', window: 'yesterday' }, new Date('2026-03-01T00:00:00.000Z'))).toMatchObject({
      from: '2026-02-28T00:00:00.000Z',
      to: '2026-03-01T00:00:00.000Z',
    });
  });

  it('refuses a network a run cannot read (Tron) and an unknown window', () => {
    const issues = reconciliationRunForm
      .safeParse({ network: 'tron', window: '1y' })
      .error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues?.[0]).toEqual(['network', 'form.required']);
    expect(issues?.map(([path]) => path)).toEqual(['network', 'window']);
  });
});
