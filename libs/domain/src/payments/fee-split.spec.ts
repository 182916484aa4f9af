import { bpsToPercentage, capInTokenUnits, centsToUsd, FeeSplitRefusal, splitFees, usdCents, type FeeTermsOf } from './fee-split.js';

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const fee = (over: Partial<FeeTermsOf>): FeeTermsOf => ({
  source: 'platform',
  percentage: '2.5',
  capUnits: null,
  bearer: 'payer',
  address: A,
  ...over,
});

describe('fee split', () => {
  it('writes basis points as the percentage the fee proxies charge', () => {
    expect([0, 7, 10, 250, 1234, 10000].map(bpsToPercentage)).toEqual(['0', '0.07', '0.1', '2.5', '12.34', '100']);
    expect(() => bpsToPercentage(10001)).toThrow();
  });

  it('reads USD amounts as cents and writes them back', () => {
    expect([usdCents('5'), usdCents('0.5'), usdCents('12.34'), usdCents('1.234'), usdCents('-1'), usdCents('01')]).toEqual([
      500n,
      50n,
      1234n,
      null,
      null,
      null,
    ]);
    expect(centsToUsd(1205n)).toBe('12.05');
  });

  it('converts a USD cap to token units rounding down', () => {
    // 1 token = 0.99999999 USD (8-decimal feed), 6-decimal token: 5 USD is 5.00000005... tokens, floored.
    expect(capInTokenUnits(500n, { answer: 99_999_999n, decimals: 8 }, 6)).toBe(5_000_000n);
    // 1 token = 2000 USD, 18 decimals: 5 USD = 0.0025 token.
    expect(capInTokenUnits(500n, { answer: 2000n * 10n ** 8n, decimals: 8 }, 18)).toBe(2_500_000_000_000_000n);
  });

  it('puts a payer-borne fee on top and a payee-borne one inside the amount', () => {
    const onTop = splitFees(1_000_000n, [fee({})]);
    expect(onTop).toMatchObject({
      payeeAmount: 1_000_000n,
      proxyFee: { address: A, amount: 25_000n },
      secondFee: null,
      payerBorne: 25_000n,
    });
    const inside = splitFees(1_000_000n, [fee({ bearer: 'payee' })]);
    expect(inside).toMatchObject({ payeeAmount: 975_000n, proxyFee: { address: A, amount: 25_000n }, payeeBorne: 25_000n, payerBorne: 0n });
  });

  it('lowers a fee to its cap and says so', () => {
    const split = splitFees(1_000_000n, [fee({ capUnits: 10_000n })]);
    expect(split.fees[0]).toMatchObject({ amount: 10_000n, capped: true });
    expect(splitFees(100_000n, [fee({ capUnits: 10_000n })]).fees[0]).toMatchObject({ amount: 2_500n, capped: false });
  });

  it('adds fees to one address into one leg and gives a second address its own call', () => {
    const same = splitFees(1_000_000n, [fee({}), fee({ source: 'orchestrator', percentage: '1' })]);
    expect(same).toMatchObject({ proxyFee: { address: A, amount: 35_000n }, secondFee: null });
    const two = splitFees(1_000_000n, [fee({}), fee({ source: 'orchestrator', percentage: '1', address: B, bearer: 'payee' })]);
    expect(two).toMatchObject({
      payeeAmount: 990_000n,
      proxyFee: { address: A, amount: 25_000n },
      secondFee: { address: B, amount: 10_000n },
    });
  });

  it('refuses payee-borne fees that take the whole amount', () => {
    expect(() => splitFees(100n, [fee({ bearer: 'payee', percentage: '100' })])).toThrow(FeeSplitRefusal);
  });

  it('rounds each fee down to a base unit and charges nothing for a zero fee', () => {
    expect(splitFees(999n, [fee({ percentage: '0.07' })])).toMatchObject({ proxyFee: null, payeeAmount: 999n });
    expect(splitFees(99_999n, [fee({ percentage: '0.07' })]).proxyFee).toEqual({ address: A, amount: 69n });
  });
});
