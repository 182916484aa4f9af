import { isTronAddress, parseEvmAddress } from '@payrail/domain';
import { NETWORK_NAMES, NETWORKS } from '../network-registry.js';
import { currencyHash, fiatPseudoAddress } from './currency.js';
import { isCrossChainSourceCurrency, isDestinationCurrency } from './roles.js';
import { STATIC_CURRENCIES, TOKEN_LIST_SOURCES } from './static-list.js';

const byId = new Map(STATIC_CURRENCIES.map((c) => [c.id, c]));
const get = (id: string) => {
  const c = byId.get(id);
  if (!c) throw new Error(`${id} is not in the list`);
  return c;
};

describe('the static currency list', () => {
  it('holds at least 500 tokens with addresses, from the maintained packages it names', () => {
    const tokens = STATIC_CURRENCIES.filter((c) => c.type === 'ERC20' || c.type === 'TRC20');
    expect(tokens.length).toBeGreaterThanOrEqual(500);
    expect(TOKEN_LIST_SOURCES.map((s) => s.replace(/@[^@]+$/, ''))).toEqual([
      '@metamask/contract-metadata',
      '@uniswap/default-token-list',
      'currency-codes',
    ]);
  });

  it('has every id once (case-insensitively) and every field in shape', () => {
    expect(new Set(STATIC_CURRENCIES.map((c) => c.id.toLowerCase())).size).toBe(STATIC_CURRENCIES.length);
    for (const c of STATIC_CURRENCIES) {
      expect(Object.keys(c)).toEqual(['id', 'name', 'symbol', 'decimals', 'address', 'network', 'type', 'hash', 'chainId']);
      expect(Number.isInteger(c.decimals) && c.decimals >= 0 && c.decimals <= 36).toBe(true);
      expect(c.name.length).toBeGreaterThan(0);
      if (c.network === 'fiat') expect([c.id, c.chainId]).toEqual([c.symbol, 0]);
      else expect([c.id, c.chainId]).toEqual([`${c.symbol}-${c.network}`, NETWORKS[c.network].chainId]);
    }
  });

  it('writes every EVM address EIP-55 checksummed and every Tron address in base58check', () => {
    for (const c of STATIC_CURRENCIES) {
      if (c.network === 'tron') expect(isTronAddress(c.address)).toBe(true);
      else expect(parseEvmAddress(c.address)).toBe(c.address);
      if (c.type === 'ERC20' || c.type === 'TRC20') expect(c.hash).toBe(c.address);
    }
  });

  it.each([
    ['USD', '0x775eb53d00dd0acd3ec1696472105d579b9b386b'],
    ['EUR', '0x17b4158805772ced11225e77339f90beb5aae968'],
    ['ETH-mainnet', '0xf5af88e117747e87fc5929f2ff87221b1447652e'],
  ])("gives %s Request Network's currency hash %s", (id, hash) => {
    expect(get(id).hash).toBe(hash);
  });

  it('lists ISO 4217 fiat with bare ids, minor units, pseudo addresses and computed hashes', () => {
    const fiat = STATIC_CURRENCIES.filter((c) => c.type === 'ISO4217');
    expect(fiat.length).toBeGreaterThanOrEqual(150);
    expect(get('USD')).toMatchObject({ decimals: 2, address: '0x0000000000000000000000000000000000555344', network: 'fiat' });
    expect(get('JPY').decimals).toBe(0);
    for (const c of fiat) expect([c.address, c.hash]).toEqual([fiatPseudoAddress(c.symbol), currencyHash('ISO4217', c.symbol)]);
  });

  it('has each network’s native currency under its Request Network id', () => {
    for (const name of NETWORK_NAMES) {
      const native = get(NETWORKS[name].nativeCurrency.id);
      expect(native).toMatchObject({ type: 'ETH', network: name, decimals: NETWORKS[name].nativeCurrency.decimals });
    }
    expect(get('TRX-tron').address).toBe('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
  });
});

describe('stablecoins per network', () => {
  it.each([
    ['USDC-mainnet', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6],
    ['USDT-mainnet', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6],
    ['USDC-base', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 6],
    ['USDT-base', '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2', 6],
    ['USDCn-optimism', '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', 6],
    ['USDT-optimism', '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', 6],
    ['USDC-arbitrum-one', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 6],
    ['USDT-arbitrum-one', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 6],
    ['USDCn-matic', '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 6],
    ['USDT-matic', '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 6],
    ['USDC-bsc', '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', 18],
    ['USDT-bsc', '0x55d398326f99059fF775485246999027B3197955', 18],
    ['USDT-tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 6],
    ['USDC-tron', 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', 6],
    ['fUSDC-sepolia', '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238', 6],
    ['fUSDT-sepolia', '0xF046b3CA5ae2879c6bAcC4D42fAF363eE8379F78', 6],
  ])('%s is %s with %i decimals', (id, address, decimals) => {
    expect(get(id)).toMatchObject({ address, decimals });
    expect(isDestinationCurrency(get(id))).toBe(true);
  });

  it('has FAU on sepolia (a DAI stand-in that pays conversions) and never as a destination', () => {
    expect(get('FAU-sepolia')).toMatchObject({ address: '0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C', decimals: 18 });
    expect(isDestinationCurrency(get('FAU-sepolia'))).toBe(false);
  });

  it('has USDT0 on arbitrum-one, optimism and matic as a cross-chain source, never a destination', () => {
    for (const id of ['USDT0-arbitrum-one', 'USDT0-optimism', 'USDT0-matic']) {
      expect(get(id)).toMatchObject({ symbol: 'USDT0', decimals: 6, type: 'ERC20' });
      expect(isCrossChainSourceCurrency(get(id))).toBe(true);
      expect(isDestinationCurrency(get(id))).toBe(false);
    }
    expect(get('USDT0-arbitrum-one').address).toBe(get('USDT-arbitrum-one').address); // Tether upgraded USDT in place
  });

  it('carries Tron as TRX, USDT and USDC (TRC20) only', () => {
    expect(STATIC_CURRENCIES.filter((c) => c.network === 'tron').map((c) => `${c.id}:${c.type}`)).toEqual([
      'TRX-tron:ETH',
      'USDT-tron:TRC20',
      'USDC-tron:TRC20',
    ]);
  });
});
