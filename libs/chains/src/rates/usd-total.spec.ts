import type { UsdRate } from './rate-source.js';
import { usdTotal } from './usd-total.js';

const rate = (answer: bigint, decimals = 8, asset = 'X'): UsdRate => ({ network: 'sepolia', asset, answer, decimals, updatedAt: 1 });

describe('usdTotal (exact sum, one rounding half up to the cent)', () => {
  it('values amounts of different decimals and rates exactly', () => {
    // 0.75 ETH at 3000 USD + 12.5 USDC at 1.00 USD
    expect(
      usdTotal([
        { units: 75n * 10n ** 16n, decimals: 18, rate: rate(3000_00000000n) },
        { units: 12_500_000n, decimals: 6, rate: rate(1_00000000n) },
      ]),
    ).toBe('2262.50');
  });

  it('rounds only the sum: three thirds of a cent make a cent', () => {
    const third = { units: 3_333n, decimals: 6, rate: rate(1_00000000n) }; // 0.003333 USD each
    expect(usdTotal([third])).toBe('0.00');
    expect(usdTotal([third, third, third])).toBe('0.01'); // 0.009999 -> 0.01
  });

  it('rounds half up at the cent and keeps two decimals', () => {
    expect(usdTotal([{ units: 5n, decimals: 3, rate: rate(1n, 0) }])).toBe('0.01'); // 0.005
    expect(usdTotal([{ units: 4n, decimals: 3, rate: rate(1n, 0) }])).toBe('0.00'); // 0.004
    expect(usdTotal([{ units: 7n, decimals: 0, rate: rate(1_08000000n) }])).toBe('7.56');
    expect(usdTotal([])).toBe('0.00');
  });

  it('refuses a non-positive rate', () => {
    expect(() => usdTotal([{ units: 1n, decimals: 0, rate: rate(0n) }])).toThrow('not positive');
  });
});
