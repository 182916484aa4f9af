import { parseAmount } from './amount.js';
import { plainDecimal } from './decimal-notation.js';

describe('plainDecimal: amounts as JavaScript prints numbers', () => {
  it.each([
    ['10', '10'],
    ['10.50', '10.50'],
    ['1e-7', '0.0000001'],
    ['1E-7', '0.0000001'],
    ['1.5e-7', '0.00000015'],
    ['1.5e+3', '1500'],
    ['2e21', '2000000000000000000000'],
    ['12.345e1', '123.45'],
    ['0.5e1', '5'],
    ['1e0', '1'],
  ])('%s is %s', (text, plain) => {
    expect(plainDecimal(text)).toEqual({ ok: true, plain });
  });

  it.each(['', '-1', '1e', 'e5', '0x10', '1,5', ' 1', 'NaN', 'Infinity', '1e-1000', '1.2.3'])('refuses %j', (text) => {
    expect(plainDecimal(text).ok).toBe(false);
  });

  it('keeps float artefacts whole, so the currency decides', () => {
    const plain = plainDecimal(String(0.1 + 0.2));
    expect(plain).toEqual({ ok: true, plain: '0.30000000000000004' });
    if (!plain.ok) return;
    expect(parseAmount(plain.plain, 2)).toEqual({ ok: false, reason: 'has 17 decimals; the currency allows at most 2' });
    expect(parseAmount(plain.plain, 18)).toEqual({ ok: true, units: 300000000000000040n });
    const tiny = plainDecimal(String(1e-7));
    expect(tiny.ok && parseAmount(tiny.plain, 18)).toEqual({ ok: true, units: 100000000000n });
    expect(tiny.ok && parseAmount(tiny.plain, 6)).toEqual({ ok: false, reason: 'has 7 decimals; the currency allows at most 6' });
  });
});
