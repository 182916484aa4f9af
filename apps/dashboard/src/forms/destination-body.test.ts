import { describe, expect, it } from 'vitest';
import { createDestinationBody, destinationForm, isDestinationOption } from './destination-body';

const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('destination form → POST /v2/payee-destination', () => {
  it('trims and sends wallet, currency and label', () => {
    const values = destinationForm.parse({ walletAddress: ` ${WALLET} `, currency: ' USDC-base ', label: ' Treasury ' });
    expect(createDestinationBody(values)).toEqual({ walletAddress: WALLET, currency: 'USDC-base', label: 'Treasury' });
  });

  it('leaves out an empty wallet (the API takes the signed-in wallet) and an empty label', () => {
    const values = destinationForm.parse({ walletAddress: '  ', currency: 'USDT-tron', label: '' });
    expect(createDestinationBody(values)).toEqual({ currency: 'USDT-tron' });
  });

  it('refuses a blank currency, an over-long label and markup in the label with the sentences’ keys', () => {
    expect(issues(destinationForm.safeParse({ walletAddress: '', currency: ' ', label: '' }))).toEqual([['currency', 'form.required']]);
    expect(issues(destinationForm.safeParse({ walletAddress: '', currency: 'USDC-base', label: 'x'.repeat(101) }))[0]?.[0]).toBe('label');
    expect(issues(destinationForm.safeParse({ walletAddress: '', currency: 'USDC-base', label: '<b>' }))).toEqual([
      ['label', 'form.no_markup'],
    ]);
  });

  it('offers USDC and USDT tokens only (no native coin, no other token)', () => {
    expect(
      [
        { symbol: 'USDC', type: 'ERC20' },
        { symbol: 'USDT', type: 'TRC20' },
        { symbol: 'fUSDC', type: 'ERC20' },
        { symbol: 'DAI', type: 'ERC20' },
        { symbol: 'ETH', type: 'ETH' },
        { symbol: 'USDT0', type: 'ERC20' },
      ].map(isDestinationOption),
    ).toEqual([true, true, true, false, false, false]);
  });
});
