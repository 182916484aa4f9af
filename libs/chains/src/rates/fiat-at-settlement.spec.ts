import type { RateFeedBook } from '../conversion/rate-feeds.js';
import { fiatValueOf, settlementRates } from './fiat-at-settlement.js';
import { RateError, type RateSource, type UsdRate } from './rate-source.js';

const rate = (asset: string, answer: bigint, decimals: number, updatedAt: number): UsdRate => ({
  network: 'sepolia',
  asset,
  answer,
  decimals,
  updatedAt,
});

describe('fiatValueOf (a payment valued at settlement, integer arithmetic, one rounding)', () => {
  it('values a USD payment at the token rate and keeps the rate exactly', () => {
    const usdc = rate('USDC-sepolia', 99_870_000n, 8, 1_700_000_000);
    const quote = fiatValueOf(12_345_678n, 6, { currency: 'USD', token: usdc, fiat: null, source: 'feed' });
    expect(quote).toEqual({ currency: 'USD', value: '12.33', rate: '0.9987', source: 'feed', at: new Date(1_700_000_000_000) });
  });

  it('values in the invoice fiat through both USD rates, dated by the older feed', () => {
    const eth = rate('ETH-sepolia', 3_000_00000000n, 8, 1_700_000_100);
    const eur = rate('EUR', 1_08000000n, 8, 1_700_000_050);
    const quote = fiatValueOf(5n * 10n ** 17n, 18, { currency: 'EUR', token: eth, fiat: eur, source: 'a; b' });
    // 0.5 ETH * 3000 USD / 1.08 USD per EUR = 1388.888... EUR
    expect(quote.value).toBe('1388.89');
    expect(quote.rate).toBe('2777.777777777777777778');
    expect(quote.at).toEqual(new Date(1_700_000_050_000));
  });

  it('rounds half up at the cent and writes whole rates without a point', () => {
    const one = rate('T', 1n, 0, 1);
    expect(fiatValueOf(5n, 3, { currency: 'USD', token: one, fiat: null, source: 's' }).value).toBe('0.01');
    expect(fiatValueOf(4n, 3, { currency: 'USD', token: one, fiat: null, source: 's' }).value).toBe('0.00');
    expect(fiatValueOf(0n, 3, { currency: 'USD', token: one, fiat: null, source: 's' }).rate).toBe('1');
  });
});

describe('settlementRates (which rates a settled payment is recorded at)', () => {
  const book: RateFeedBook = {
    sepolia: { 'USDC-sepolia': { kind: 'aggregator', address: '0xaa' }, EUR: { kind: 'aggregator', address: '0xee' } },
  };
  const source = (fail?: RateError): RateSource => ({
    usdRate: (_network, asset) => (fail ? Promise.reject(fail) : Promise.resolve(rate(asset, 100_000_000n, 8, 10))),
  });

  it('records USD for a token or USD invoice, and the invoice fiat when it has a rate', async () => {
    expect(await settlementRates(source(), book, 'sepolia', 'USDC-sepolia', 'USDC-sepolia')).toMatchObject({
      currency: 'USD',
      fiat: null,
      source: 'chainlink-aggregator:0xaa',
    });
    expect(await settlementRates(source(), book, 'sepolia', 'USDC-sepolia', 'EUR')).toMatchObject({
      currency: 'EUR',
      source: 'chainlink-aggregator:0xaa; chainlink-aggregator:0xee',
    });
    expect(await settlementRates(source(), book, 'sepolia', 'USDC-sepolia', 'GBP')).toMatchObject({ currency: 'USD' });
  });

  it('answers null without a feed or when the feed cannot be read, and rethrows anything else', async () => {
    expect(await settlementRates(source(), book, 'sepolia', 'DAI-sepolia', 'USD')).toBeNull();
    expect(await settlementRates(source(new RateError('STALE', 'old')), book, 'sepolia', 'USDC-sepolia', 'USD')).toBeNull();
    const broken: RateSource = { usdRate: () => Promise.reject(new Error('bug')) };
    await expect(settlementRates(broken, book, 'sepolia', 'USDC-sepolia', 'USD')).rejects.toThrow('bug');
  });
});
