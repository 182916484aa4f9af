import { describe, expect, it } from 'vitest';
import { feeConfigBody, feeConfigForm, feeConfigFormOf } from './fee-config-body';

const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TRON = 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV';
const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
const base = { bps: ' 250 ', usdCap: '', feeBearer: 'payer', evmAddress: ` ${EVM} `, tronAddress: '', active: true };

describe('fee configuration form → PUT /v2/fee-config', () => {
  it('sends whole basis points, no cap and no Tron address as null, active', () => {
    expect(feeConfigBody(feeConfigForm.parse(base))).toEqual({
      bps: 250,
      usdCap: null,
      feeBearer: 'payer',
      evmRecipientAddress: EVM,
      tronRecipientAddress: null,
      status: 'active',
    });
  });

  it('carries a cap, a payee-borne fee, a Tron address alone, and disabled', () => {
    const values = feeConfigForm.parse({ ...base, usdCap: ' 5.00 ', feeBearer: 'payee', evmAddress: '', tronAddress: TRON, active: false });
    expect(feeConfigBody(values)).toEqual({
      bps: 250,
      usdCap: '5.00',
      feeBearer: 'payee',
      evmRecipientAddress: null,
      tronRecipientAddress: TRON,
      status: 'disabled',
    });
  });

  it('refuses basis points out of range or not whole, a cap with three decimals, and no address at all', () => {
    expect(issues(feeConfigForm.safeParse({ ...base, bps: '10001' }))).toEqual([['bps', 'form.bps']]);
    expect(issues(feeConfigForm.safeParse({ ...base, bps: '2.5' }))).toEqual([['bps', 'form.bps']]);
    expect(issues(feeConfigForm.safeParse({ ...base, usdCap: '1.234' }))).toEqual([['usdCap', 'form.usd_cap']]);
    expect(issues(feeConfigForm.safeParse({ ...base, evmAddress: ' ' }))).toEqual([['evmAddress', 'form.fee_recipient']]);
  });

  it('fills the form from the stored configuration, or empty and payer-borne without one', () => {
    expect(feeConfigFormOf(null)).toEqual({ bps: '', usdCap: '', feeBearer: 'payer', evmAddress: '', tronAddress: '', active: true });
    const stored = {
      id: '01J',
      bps: 100,
      usdCap: '2.50',
      feeBearer: 'payee' as const,
      evmRecipientAddress: EVM,
      tronRecipientAddress: null,
      status: 'disabled' as const,
      updatedAt: '2026-11-28T00:00:00.000Z',
    };
    const form = feeConfigFormOf(stored);
    expect(form).toEqual({ bps: '100', usdCap: '2.50', feeBearer: 'payee', evmAddress: EVM, tronAddress: '', active: false });
    expect(feeConfigBody(feeConfigForm.parse(form))).toMatchObject({ bps: 100, usdCap: '2.50', status: 'disabled' });
  });
});
