import { describe, expect, it } from 'vitest';
import { filterFormOf, searchOfFilterForm } from './payment-filters';

describe('payment filter form ↔ URL', () => {
  it('fills the form from the URL and maps it back unchanged', () => {
    const search = { status: 'paid', network: 'sepolia', from: '2026-11-01', payer: '0xabc' } as const;
    const form = filterFormOf(search);
    expect(form).toMatchObject({ status: 'paid', currency: '', payer: '0xabc' });
    expect(searchOfFilterForm(form)).toEqual(search);
  });

  it('trims, drops empty fields (no `?payer=`) and refuses what the URL schema refuses', () => {
    const form = { ...filterFormOf({}), payer: '  0xabc ', reference: '   ', status: 'unknown' };
    expect(searchOfFilterForm(form)).toEqual({ payer: '0xabc' });
  });
});
