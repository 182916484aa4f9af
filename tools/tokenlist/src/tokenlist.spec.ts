import { readFileSync } from 'node:fs';
import { NETWORKS } from '@payrail/chains';
import { buildTokenList } from './build.js';
import { generateTokenList, TOKEN_LIST_PATH, tokenListText } from './generate.js';
import type { PinnedToken } from './pins.js';
import type { TokenListSources } from './sources.js';

describe('the committed token list', () => {
  it('is exactly what the installed packages generate (run generate-cli after upgrading one)', async () => {
    const committed = readFileSync(TOKEN_LIST_PATH, 'utf8');
    const generated = generateTokenList();
    expect(JSON.parse(committed)).toEqual(generated);
    expect(committed).toBe(await tokenListText(generated));
  });
});

describe('token list build rules', () => {
  const networks = [NETWORKS.mainnet, NETWORKS.base];
  const src = (tokens: Partial<TokenListSources['tokens'][number]>[]): TokenListSources => ({
    tokens: tokens.map((t) => ({ chainId: 1, name: 'Token', decimals: 18, source: 'test', address: '', symbol: '', ...t })),
    fiat: [{ code: 'USD', name: 'US Dollar', digits: 2 }],
    versions: ['test@1'],
  });
  const USDC: PinnedToken = {
    network: 'base',
    symbol: 'USDC',
    name: 'USD Coin',
    address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    decimals: 6,
  };
  const ids = (s: TokenListSources, pins: PinnedToken[] = []) => buildTokenList(s, pins, networks).currencies.map((c) => c.id);

  it('orders natives, pins, package tokens, fiat; checksums lowercase addresses; drops other chains', () => {
    const list = buildTokenList(
      src([
        { symbol: 'ZRX', address: '0xe41d2489571d322189246dafa5ebde1f4699f498' },
        { symbol: 'AAA', address: '0x0000000000000000000000000000000000000001', chainId: 8453 },
        { symbol: 'XYZ', address: '0x0000000000000000000000000000000000000002', chainId: 999 },
      ]),
      [USDC],
      networks,
    ).currencies;
    expect(list.map((c) => c.id)).toEqual(['ETH-mainnet', 'ETH-base-base', 'USDC-base', 'ZRX-mainnet', 'AAA-base', 'USD']);
    expect(list[3].address).toBe('0xE41d2489571d322189246DaFA5ebDe1F4699F498');
  });

  it('skips a package token at a pinned address and symbols that name two addresses on one network', () => {
    const s = src([
      { symbol: 'USDC', address: USDC.address.toLowerCase(), chainId: 8453, decimals: 6 },
      { symbol: 'LOOM', address: '0x0000000000000000000000000000000000000003' },
      { symbol: 'loom', address: '0x0000000000000000000000000000000000000004' },
      { symbol: 'BAD SYMBOL', address: '0x0000000000000000000000000000000000000005' },
      { symbol: 'ETH', address: '0x0000000000000000000000000000000000000006' },
    ]);
    expect(ids(s, [USDC])).toEqual(['ETH-mainnet', 'ETH-base-base', 'USDC-base', 'USD']);
  });

  it('fails when a package disagrees with a pinned token’s decimals', () => {
    const s = src([{ symbol: 'USDC', address: USDC.address, chainId: 8453, decimals: 18 }]);
    expect(() => ids(s, [USDC])).toThrow('pinned USDC-base: 6 decimals, but test says 18');
  });

  it('fails on a pinned address that is not in canonical form', () => {
    expect(() => ids(src([]), [{ ...USDC, address: USDC.address.toLowerCase() }])).toThrow('not in canonical form');
  });
});
