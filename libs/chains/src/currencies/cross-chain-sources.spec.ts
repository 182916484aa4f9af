import { crossChainSources, pegOf, sourceCurrency } from './cross-chain-sources.js';
import { CurrencyRegistry } from './registry.js';

describe('cross-chain source currencies', () => {
  const registry = CurrencyRegistry.create();
  const ids = (list: { currency: { id: string } }[]) => list.map((s) => s.currency.id);

  it('resolves USDC to native USDC where the list also has bridged USDC.e, and USDT0 to its own id', () => {
    expect(sourceCurrency(registry, 'OPTIMISM', 'USDC')?.id).toBe('USDCn-optimism');
    expect(sourceCurrency(registry, 'POLYGON', 'USDC')?.id).toBe('USDCn-matic');
    expect(sourceCurrency(registry, 'BASE', 'USDC')?.id).toBe('USDC-base');
    expect(sourceCurrency(registry, 'ARBITRUM', 'USDT0')?.id).toBe('USDT0-arbitrum-one');
    expect(sourceCurrency(registry, 'BNB', 'USDC')).toMatchObject({ id: 'USDC-bsc', decimals: 18 });
    expect(sourceCurrency(registry, 'OPTIMISM', 'EURC')).toBeUndefined();
  });

  it('offers only same-peg sources: USD stablecoins for USD, EURC for EUR', () => {
    const usd = crossChainSources(registry, 'USD');
    expect(usd.every((s) => s.token !== 'EURC')).toBe(true);
    expect(ids(usd)).toEqual([
      'USDC-mainnet',
      'USDT-mainnet',
      'USDC-base',
      'USDT-base',
      'USDCn-optimism',
      'USDT-optimism',
      'USDT0-optimism',
      'USDC-arbitrum-one',
      'USDT-arbitrum-one',
      'USDT0-arbitrum-one',
      'USDCn-matic',
      'USDT-matic',
      'USDT0-matic',
      'USDC-bsc',
      'USDT-bsc',
    ]);
    expect(ids(crossChainSources(registry, 'EUR'))).toEqual(['EURC-mainnet', 'EURC-base', 'EURC-arbitrum-one']);
  });

  it('narrows to one source, and to none when it does not exist or has another peg', () => {
    expect(ids(crossChainSources(registry, 'USD', { chain: 'BNB', token: 'USDT' }))).toEqual(['USDT-bsc']);
    expect(crossChainSources(registry, 'USD', { chain: 'BASE', token: 'EURC' })).toEqual([]);
    expect(crossChainSources(registry, 'EUR', { chain: 'OPTIMISM', token: 'EURC' })).toEqual([]);
  });

  it('pegs stablecoins only', () => {
    expect(pegOf(registry.byId('fUSDC-sepolia')!)).toBe('USD');
    expect(pegOf(registry.byId('EURC-base')!)).toBe('EUR');
    expect(pegOf(registry.byId('FAU-sepolia')!)).toBeUndefined();
    expect(pegOf(registry.byId('ETH-base-base')!)).toBeUndefined();
    expect(pegOf(registry.byId('USD')!)).toBeUndefined();
  });
});
