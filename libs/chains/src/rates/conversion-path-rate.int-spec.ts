import { createRequire } from 'node:module';
import { Contract, ContractFactory, JsonRpcProvider, type InterfaceAbi, NonceManager, Wallet } from 'ethers';
import { testStack } from '@payrail/test-support/stack.js';
import { localRateFeeds, rateFeedBook, USD_CURRENCY_HASH } from '../conversion/rate-feeds.js';
import { CurrencyRegistry } from '../currencies/registry.js';
import { parseLocalDeployment } from '../local-deployment.js';
import { publishedArtifact } from '../published-artifacts.js';
import { AggregatorRateSource } from './aggregator-rate-source.js';
import { quoteFiatInToken } from './quote.js';
import type { UsdRate } from './rate-source.js';

// Request Network's published ChainlinkConversionPath on the local chain, fed the local chain's
// MockV3Aggregator prices: the production code path (getRate([asset, USD])) against the feeds'
// own numbers. RN's path reads the legacy aggregator interface (latestAnswer, latestTimestamp);
// the devstack's MockV3Aggregator has no latestTimestamp, so each price is served to the path by
// RN's published AggregatorMock holding the same answer and decimals.
const requireHere = createRequire(import.meta.url);
const AGGREGATOR_MOCK = requireHere('@requestnetwork/smart-contracts/types/factories/src/contracts/test/AggregatorMock__factory.js') as {
  AggregatorMock__factory: { abi: InterfaceAbi; bytecode: string };
};
const FEED = ['function decimals() view returns (uint8)', 'function latestAnswer() view returns (int256)'];

describe('USD rates through a ChainlinkConversionPath on the local chain', () => {
  const chain = testStack().chain;
  const local = parseLocalDeployment({ chain });
  const provider = new JsonRpcProvider(chain.rpcUrl, chain.chainId, { staticNetwork: true, cacheTimeout: -1 });
  const registry = CurrencyRegistry.create({ local });
  const direct = new AggregatorRateSource(rateFeedBook(local), () => provider);
  let viaPath: AggregatorRateSource;

  beforeAll(async () => {
    // A fresh deployer: no nonce race with the other test files sharing this chain.
    const key = Wallet.createRandom();
    await provider.send('anvil_setBalance', [key.address, '0x56BC75E2D63100000']);
    const deployer = new NonceManager(key.connect(provider));
    const rn = publishedArtifact('ChainlinkConversionPath');
    const native = registry.byId('ETH-sepolia-sepolia')!;
    const path = await new ContractFactory(rn.abi, rn.bytecode, deployer).deploy(native.hash, key.address);
    await path.waitForDeployment();
    const pathAddress = await path.getAddress();
    const withPath = { ...local, contracts: { ...local.contracts, ChainlinkConversionPath: pathAddress } };
    const mockFactory = new ContractFactory(
      AGGREGATOR_MOCK.AggregatorMock__factory.abi,
      AGGREGATOR_MOCK.AggregatorMock__factory.bytecode,
      deployer,
    );
    const inputs: string[] = [];
    const mocks: string[] = [];
    for (const [pair, feedAddress] of Object.entries(local.feeds)) {
      // The path key this one pair books (none for pairs not quoted in USD).
      const [entry] = Object.values(localRateFeeds({ ...withPath, feeds: { [pair]: feedAddress } }).feeds);
      if (entry?.kind !== 'conversion-path') continue;
      const feed = new Contract(feedAddress, FEED, provider);
      const [answer, decimals] = (await Promise.all([feed.getFunction('latestAnswer')(), feed.getFunction('decimals')()])) as [
        bigint,
        bigint,
      ];
      const mock = await mockFactory.deploy(answer, decimals, 60);
      await mock.waitForDeployment();
      inputs.push(entry.key);
      mocks.push(await mock.getAddress());
    }
    const admin = new Contract(pathAddress, rn.abi, deployer);
    await (
      (await admin.getFunction('updateAggregatorsList')(
        inputs,
        inputs.map(() => USD_CURRENCY_HASH),
        mocks,
      )) as { wait(): Promise<unknown> }
    ).wait();
    viaPath = new AggregatorRateSource(rateFeedBook(withPath), () => provider);
  });

  afterAll(() => provider.destroy());

  /** answer / 10^decimals as a fraction compared by cross-multiplication. */
  const sameValue = (a: UsdRate, b: UsdRate) => a.answer * 10n ** BigInt(b.decimals) === b.answer * 10n ** BigInt(a.decimals);

  it('books every local USD feed as a conversion-path entry once the deployment names a ChainlinkConversionPath', () => {
    const book = rateFeedBook({ ...local, contracts: { ...local.contracts, ChainlinkConversionPath: chain.contracts.ERC20FeeProxy } });
    const entries = Object.values(book.sepolia ?? {});
    expect(entries.length).toBe(Object.keys(localRateFeeds(local).feeds).length);
    expect(entries.every((e) => e.kind === 'conversion-path')).toBe(true);
  });

  it.each(['EUR', 'JPY', 'fUSDC-sepolia', 'ETH-sepolia-sepolia'])(
    'reads %s/USD through getRate at the value of its mock feed',
    async (asset) => {
      const before = (await provider.getBlock('latest'))!.timestamp;
      const [feed, path] = await Promise.all([direct.usdRate('sepolia', asset), viaPath.usdRate('sepolia', asset)]);
      const after = (await provider.getBlock('latest'))!.timestamp;
      expect(sameValue(feed, path)).toBe(true);
      // the oldest aggregator timestamp of the path (RN's mock answers "60 s ago")
      expect(path.updatedAt).toBeGreaterThanOrEqual(before - 60);
      expect(path.updatedAt).toBeLessThanOrEqual(after - 60);
    },
  );

  it('quotes 250.00 USD and 100.00 EUR in fUSDC-sepolia through the path exactly as through the feeds', async () => {
    const usdc = registry.byId('fUSDC-sepolia')!;
    const usd = await quoteFiatInToken(viaPath, registry.byId('USD')!, '250.00', usdc);
    expect(usd).toBe(await quoteFiatInToken(direct, registry.byId('USD')!, '250.00', usdc));
    expect(usd).toBe(250_000_000n); // the devstack's USDC/USD is 1.00
    const eur = await quoteFiatInToken(viaPath, registry.byId('EUR')!, '100.00', usdc);
    expect(eur).toBe(108_000_000n); // EUR/USD 1.08
  });
});
