import type { LocalChainDeployment } from '../local-deployment.js';
import { CurrencyRegistry } from './registry.js';
import { STATIC_CURRENCIES } from './static-list.js';

const LOCAL: LocalChainDeployment = {
  chainId: 11155111,
  contracts: { ERC20FeeProxy: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
  tokens: {
    USDC: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
    USDT: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
    DAI: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9',
    FAU: '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707',
  },
  tokenDecimals: { USDC: 6, USDT: 6, DAI: 18, FAU: 18 },
  feeds: {},
};

describe('CurrencyRegistry', () => {
  const registry = CurrencyRegistry.create();

  it('serves the static list unchanged without a local deployment', () => {
    expect(registry.all()).toEqual(STATIC_CURRENCIES);
    expect(registry.byId('FAU-sepolia')?.address).toBe('0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C');
  });

  it('finds by id case-insensitively, and only when the other filters agree', () => {
    expect(registry.byId('usdc-BASE')?.id).toBe('USDC-base');
    expect(registry.find({ id: 'USDC-base', network: 'base' }).map((c) => c.id)).toEqual(['USDC-base']);
    expect(registry.find({ id: 'USDC-base', network: 'mainnet' })).toEqual([]);
    expect(registry.find({ id: 'nope' })).toEqual([]);
  });

  it('filters by network and by symbol (case-insensitive) together or alone', () => {
    expect(registry.find({ network: 'base', symbol: 'usdc' }).map((c) => c.id)).toEqual(['USDC-base']);
    expect(registry.find({ symbol: 'USDT' }).map((c) => c.network)).toEqual([
      'mainnet',
      'base',
      'optimism',
      'arbitrum-one',
      'matic',
      'bsc',
      'tron',
    ]);
    const base = registry.find({ network: 'base' });
    expect(base.length).toBeGreaterThan(50);
    expect(base.every((c) => c.network === 'base')).toBe(true);
    expect(registry.find({ network: 'fiat', symbol: 'EUR' }).map((c) => c.id)).toEqual(['EUR']);
  });

  it('finds currencies sharing an address (USDT and USDT0 on arbitrum-one)', () => {
    const ids = registry.atAddress('arbitrum-one', '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9').map((c) => c.id);
    expect(ids).toEqual(['USDT-arbitrum-one', 'USDT0-arbitrum-one']);
  });
});

describe('CurrencyRegistry with a local deployment', () => {
  const registry = CurrencyRegistry.create({ local: LOCAL });

  it('resolves the sepolia tokens the local chain provides to the local addresses', () => {
    expect(registry.byId('FAU-sepolia')).toMatchObject({
      address: LOCAL.tokens.FAU,
      hash: LOCAL.tokens.FAU,
      decimals: 18,
      name: 'Faucet Token',
    });
    expect(registry.byId('fUSDC-sepolia')).toMatchObject({ address: LOCAL.tokens.USDC, symbol: 'fUSDC', decimals: 6 });
    expect(registry.byId('fUSDT-sepolia')).toMatchObject({ address: LOCAL.tokens.USDT, symbol: 'fUSDT', decimals: 6 });
  });

  it('adds a local token the public list lacks, named after the same symbol elsewhere', () => {
    expect(registry.byId('DAI-sepolia')).toEqual({
      id: 'DAI-sepolia',
      name: 'Dai Stablecoin',
      symbol: 'DAI',
      decimals: 18,
      address: LOCAL.tokens.DAI,
      network: 'sepolia',
      type: 'ERC20',
      hash: LOCAL.tokens.DAI,
      chainId: 11155111,
    });
    expect(registry.all().length).toBe(STATIC_CURRENCIES.length + 1);
  });

  it('leaves the other networks and the static list itself alone', () => {
    expect(registry.byId('USDC-mainnet')).toBe(STATIC_CURRENCIES.find((c) => c.id === 'USDC-mainnet'));
    expect(STATIC_CURRENCIES.find((c) => c.id === 'FAU-sepolia')?.address).toBe('0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C');
    expect(registry.atAddress('sepolia', LOCAL.tokens.FAU.toLowerCase()).map((c) => c.id)).toEqual(['FAU-sepolia']);
  });
});
