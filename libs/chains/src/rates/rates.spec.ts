import { CachingRateSource, MaxAgeRateSource } from './caching-rate-source.js';
import { fiatToTokenUnits, parseDecimalAmount } from './fiat-conversion.js';
import { isRateError, type RateSource, type UsdRate } from './rate-source.js';

const rate = (asset: string, answer: bigint, decimals = 8, updatedAt = 1_700_000_000): UsdRate => ({
  network: 'sepolia',
  asset,
  answer,
  decimals,
  updatedAt,
});

describe('fiat amounts to token base units (bigint only)', () => {
  it('parses decimal strings exactly', () => {
    expect(parseDecimalAmount('100.00')).toEqual({ units: 10000n, scale: 2 });
    expect(parseDecimalAmount('0.000000000000000001')).toEqual({ units: 1n, scale: 18 });
    expect(parseDecimalAmount('12')).toEqual({ units: 12n, scale: 0 });
  });

  it.each(['', '-1', '1.', '.5', '01', '1e3', '1,00', ' 1', '0x10'])('refuses the amount %j', (amount) => {
    let error: unknown;
    try {
      parseDecimalAmount(amount);
    } catch (e) {
      error = e;
    }
    expect(isRateError(error, 'INVALID_AMOUNT')).toBe(true);
  });

  it('converts 100.00 EUR at 1.08 USD/EUR into 108 USDC (6 decimals) exactly', () => {
    expect(fiatToTokenUnits('100.00', rate('EUR', 108_000_000n), rate('USDC', 100_000_000n), 6)).toBe(108_000_000n);
  });

  it('converts USD without a fiat rate, into an 18-decimal token (bsc USDC)', () => {
    expect(fiatToTokenUnits('1.50', null, rate('USDC-bsc', 100_000_000n), 18)).toBe(1_500_000_000_000_000_000n);
  });

  it('rounds up, in the payee’s favour, when the division is not exact', () => {
    // 10 USD at 3 USD per token (6 decimals): 3.333333… -> 3333334 base units
    expect(fiatToTokenUnits('10', null, rate('T', 300_000_000n), 6)).toBe(3_333_334n);
    // 1 JPY at 0.0067 USD into a token worth 0.9999 USD: 0.006700670067… -> 6701 base units (6 decimals)
    expect(fiatToTokenUnits('1', rate('JPY', 670_000n), rate('USDT', 99_990_000n), 6)).toBe(6701n);
    // an exact result is not bumped
    expect(fiatToTokenUnits('3', null, rate('T', 300_000_000n), 6)).toBe(1_000_000n);
    expect(fiatToTokenUnits('0', rate('EUR', 108_000_000n), rate('T', 300_000_000n), 6)).toBe(0n);
  });

  it('handles feeds with different decimals', () => {
    // EUR/USD with 18 decimals and a token feed with 8: 2.50 EUR * 1.1 = 2.75 USD at 0.5 USD -> 5.5 tokens (2 decimals)
    expect(fiatToTokenUnits('2.50', rate('EUR', 1_100_000_000_000_000_000n, 18), rate('T', 50_000_000n), 2)).toBe(550n);
  });

  it('refuses a non-positive rate', () => {
    expect(() => fiatToTokenUnits('1', rate('EUR', 0n), rate('T', 1n), 6)).toThrow('not positive');
    expect(() => fiatToTokenUnits('1', null, rate('T', -5n), 6)).toThrow('not positive');
  });
});

/** A RateSource double counting reads and answering from a table (or failing). */
class Table implements RateSource {
  reads = 0;
  constructor(public answers: Record<string, UsdRate | Error>) {}
  usdRate(_network: string, asset: string): Promise<UsdRate> {
    this.reads += 1;
    const a = this.answers[asset];
    return a instanceof Error ? Promise.reject(a) : Promise.resolve(a);
  }
}

describe('rate cache and maximum age', () => {
  it('serves a rate from memory until its TTL passes, sharing one read between concurrent callers', async () => {
    let now = 0;
    const inner = new Table({ EUR: rate('EUR', 108_000_000n) });
    const cached = new CachingRateSource(inner, 1000, () => now);
    await Promise.all([cached.usdRate('sepolia', 'EUR'), cached.usdRate('sepolia', 'EUR')]);
    expect(inner.reads).toBe(1);
    now = 999;
    await cached.usdRate('sepolia', 'EUR');
    expect(inner.reads).toBe(1);
    now = 1000;
    await cached.usdRate('sepolia', 'EUR');
    expect(inner.reads).toBe(2);
  });

  it('does not cache failures', async () => {
    const inner = new Table({ EUR: new Error('rpc down') });
    const cached = new CachingRateSource(inner, 60_000, () => 0);
    await expect(cached.usdRate('sepolia', 'EUR')).rejects.toThrow('rpc down');
    inner.answers.EUR = rate('EUR', 1n);
    await expect(cached.usdRate('sepolia', 'EUR')).resolves.toMatchObject({ answer: 1n });
  });

  it('refuses a rate older than the maximum age with a coded STALE error (503)', async () => {
    const updatedAt = 1_700_000_000;
    const inner = new Table({ EUR: rate('EUR', 108_000_000n, 8, updatedAt) });
    let nowMs = (updatedAt + 3600) * 1000;
    const fresh = new MaxAgeRateSource(inner, 3600, () => nowMs);
    await expect(fresh.usdRate('sepolia', 'EUR')).resolves.toMatchObject({ asset: 'EUR' });
    nowMs += 1000;
    const error = await fresh.usdRate('sepolia', 'EUR').catch((e: unknown) => e);
    expect(isRateError(error, 'STALE')).toBe(true);
    expect(error).toMatchObject({ code: 'DEPENDENCY_UNAVAILABLE', message: 'Rate EUR/USD on sepolia is 3601 s old (maximum 3600 s)' });
  });
});
