import { Contract, JsonRpcProvider } from 'ethers';
import { testStack } from '@payrail/test-support/stack.js';
import { rateFeedBook } from '../conversion/rate-feeds.js';
import { CurrencyRegistry } from '../currencies/registry.js';
import { parseLocalDeployment } from '../local-deployment.js';
import { AggregatorRateSource } from './aggregator-rate-source.js';
import { CachingRateSource, MaxAgeRateSource } from './caching-rate-source.js';
import { quoteFiatInToken } from './quote.js';
import { isRateError } from './rate-source.js';

// Rates of the MockV3Aggregator feeds the devstack deployed on the local chain, read (as on the
// production networks) through Request Network's ChainlinkConversionPath the devstack registered them in.
describe('on-chain rates from the local chain', () => {
  const chain = testStack().chain;
  const local = parseLocalDeployment({ chain });
  const provider = new JsonRpcProvider(chain.rpcUrl, chain.chainId, { staticNetwork: true });
  const registry = CurrencyRegistry.create({ local });
  const source = new AggregatorRateSource(rateFeedBook(local), (network) => (network === 'sepolia' ? provider : undefined));
  const rates = new MaxAgeRateSource(new CachingRateSource(source, 30_000), 25 * 3600);

  afterAll(() => provider.destroy());

  /** The feed's answer and decimals, read here with a plain contract call, not through the code under test. */
  async function feed(pair: string): Promise<{ answer: bigint; decimals: bigint }> {
    const abi = [
      'function decimals() view returns (uint8)',
      'function latestRoundData() view returns (uint80, int256, uint256, uint256, uint80)',
    ];
    const c = new Contract(chain.feeds[pair], abi, provider);
    const [decimals, round] = (await Promise.all([c.getFunction('decimals')(), c.getFunction('latestRoundData')()])) as [bigint, bigint[]];
    return { answer: round[1], decimals };
  }

  it('converts 100.00 EUR into the exact USDC base units the EUR/USD and USDC/USD feeds give (rounded up)', async () => {
    const eur = await feed('EUR/USD');
    const usdc = await feed('USDC/USD');
    const usdcDecimals = BigInt(chain.tokenDecimals.USDC);
    // 100.00 EUR = 10000 cents; units = 10000 * eur / 10^eurDec / (usdc / 10^usdcDec) * 10^6 / 10^2, rounded up
    const numerator = 10000n * eur.answer * 10n ** usdc.decimals * 10n ** usdcDecimals;
    const denominator = 100n * 10n ** eur.decimals * usdc.answer;
    const expected = (numerator + denominator - 1n) / denominator;
    expect(expected).toBe(108_000_000n); // the devstack's 1.08 and 1.00: a sanity check on the inputs

    const token = registry.byId('fUSDC-sepolia')!;
    expect(token.address).toBe(chain.tokens.USDC);
    const units = await quoteFiatInToken(rates, registry.byId('EUR')!, '100.00', token);
    expect(units).toBe(expected);
  });

  it("reads a USD rate through the local chain's ChainlinkConversionPath at the feed's value, with its update time", async () => {
    const jpy = await feed('JPY/USD');
    expect(jpy).toEqual({ answer: 670_000n, decimals: 8n }); // the devstack's 0.0067
    const rate = await rates.usdRate('sepolia', 'JPY');
    expect(rate).toMatchObject({ network: 'sepolia', asset: 'JPY', decimals: 18 }); // the path's precision
    expect(rate.answer * 10n ** jpy.decimals).toBe(jpy.answer * 10n ** BigInt(rate.decimals));
    expect(rate.updatedAt).toBeGreaterThan(1_600_000_000);
  });

  it('refuses assets without a feed and networks without an RPC with coded errors', async () => {
    expect(isRateError(await rates.usdRate('sepolia', 'FAU-sepolia').catch((e: unknown) => e), 'NO_FEED')).toBe(true);
    expect(isRateError(await rates.usdRate('base', 'EUR').catch((e: unknown) => e), 'NO_FEED')).toBe(true);
    // mainnet has EUR through Request Network's conversion path, but this source has no mainnet RPC
    expect(isRateError(await rates.usdRate('mainnet', 'EUR').catch((e: unknown) => e), 'UNAVAILABLE')).toBe(true);
    const aggregator = { kind: 'aggregator', address: '0x0000000000000000000000000000000000000001' } as const;
    const noRpc = new AggregatorRateSource({ base: { 'USDC-base': aggregator } }, () => undefined);
    expect(isRateError(await noRpc.usdRate('base', 'USDC-base').catch((e: unknown) => e), 'UNAVAILABLE')).toBe(true);
  });

  it('refuses a feed that answered too long ago', async () => {
    const strict = new MaxAgeRateSource(source, 60, () => Date.now() + 3_600_000);
    expect(isRateError(await strict.usdRate('sepolia', 'EUR').catch((e: unknown) => e), 'STALE')).toBe(true);
  });
});
