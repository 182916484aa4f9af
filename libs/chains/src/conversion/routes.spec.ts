import { CurrencyRegistry } from '../currencies/registry.js';
import type { LocalChainDeployment } from '../local-deployment.js';
import { NETWORK_NAMES } from '../network-registry.js';
import { localRateFeeds, rateFeedBook } from './rate-feeds.js';
import { conversionRoutes } from './routes.js';

const registry = CurrencyRegistry.create();
const routes = (fiat: string, networks: readonly string[] = NETWORK_NAMES, feeds = rateFeedBook(), reg = registry) =>
  conversionRoutes(reg, feeds, reg.byId(fiat)!, networks).map((c) => c.id);

describe('conversion routes from the published rates', () => {
  it('USD pays with USDC, USDT and DAI wherever the conversion path has a USD rate for them', () => {
    expect(routes('USD', ['mainnet', 'base', 'bsc', 'tron'])).toEqual([
      'USDC-mainnet',
      'USDT-mainnet',
      'DAI-mainnet',
      'USDC-base',
      'USDC-bsc',
      'USDT-bsc',
      'DAI-bsc',
    ]);
  });

  it.each([
    ['EUR', ['mainnet', 'optimism', 'arbitrum-one', 'matic', 'bsc', 'sepolia']],
    ['GBP', ['mainnet', 'arbitrum-one', 'matic', 'bsc', 'sepolia']],
    ['JPY', ['mainnet', 'optimism', 'arbitrum-one', 'matic', 'bsc']],
    ['CNY', ['mainnet', 'arbitrum-one', 'matic']],
    ['USD', ['mainnet', 'base', 'optimism', 'arbitrum-one', 'matic', 'bsc', 'sepolia']],
  ])('%s has routes on exactly the networks with its rate: %j', (fiat, networks) => {
    const found = conversionRoutes(registry, rateFeedBook(), registry.byId(fiat)!, NETWORK_NAMES);
    expect([...new Set(found.map((c) => c.network))]).toEqual(networks);
  });

  it('offers FAU and fUSDT on the public sepolia, and never USDT0', () => {
    expect(routes('EUR', ['sepolia'])).toEqual(['FAU-sepolia', 'fUSDT-sepolia']);
    expect(routes('USD').filter((id) => id.startsWith('USDT0'))).toEqual([]);
  });

  it('has no routes for other currencies or unknown networks', () => {
    expect(routes('AUD')).toEqual([]);
    expect(routes('USDC-base')).toEqual([]);
    expect(routes('EUR', ['nowhere'])).toEqual([]);
  });
});

describe('conversion routes on the local chain', () => {
  const local: LocalChainDeployment = {
    chainId: 11155111,
    contracts: {},
    tokens: {
      USDC: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
      DAI: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9',
      FAU: '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707',
    },
    tokenDecimals: { USDC: 6, DAI: 18, FAU: 18 },
    feeds: {
      'EUR/USD': '0x0165878A594ca255338adfa4d48449f69242Eb8F',
      'USDC/USD': '0xa513E6E4b8f2a923D98304ec87F64353C4D5C853',
      'DAI/USD': '0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6',
      'ETH/USD': '0x8A791620dd6260079BF849Dc5567aDC3F2FdC318',
      'USDC/EUR': '0x610178dA211FEF7D417bC0e6FeD39F05609AD788',
    },
  };

  it('maps the local feeds to currency ids and fiat codes, dropping pairs not quoted in USD', () => {
    expect(localRateFeeds(local)).toEqual({
      network: 'sepolia',
      feeds: {
        EUR: { kind: 'aggregator', address: local.feeds['EUR/USD'] },
        'fUSDC-sepolia': { kind: 'aggregator', address: local.feeds['USDC/USD'] },
        'DAI-sepolia': { kind: 'aggregator', address: local.feeds['DAI/USD'] },
        'ETH-sepolia-sepolia': { kind: 'aggregator', address: local.feeds['ETH/USD'] },
      },
    });
  });

  it('routes over the local feeds only: FAU without a feed is no route, GBP without a feed has none', () => {
    const reg = CurrencyRegistry.create({ local });
    const feeds = rateFeedBook(local);
    expect(routes('EUR', ['sepolia'], feeds, reg)).toEqual(['fUSDC-sepolia', 'DAI-sepolia']);
    expect(routes('GBP', ['sepolia'], feeds, reg)).toEqual([]);
    expect(routes('EUR', ['mainnet'], feeds, reg)).toEqual(['USDC-mainnet', 'USDT-mainnet', 'DAI-mainnet']);
  });
});
