import { createRequire } from 'node:module';

/** One token as a package lists it. */
export interface SourceToken {
  chainId: number;
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  source: string;
}

export interface FiatRecord {
  code: string;
  name: string;
  digits: number;
}

export interface TokenListSources {
  tokens: SourceToken[];
  fiat: FiatRecord[];
  /** "package@version" of every source, recorded in the generated file. */
  versions: string[];
}

const require = createRequire(import.meta.url);

interface MetaMaskEntry {
  name?: string;
  symbol?: string;
  decimals?: number;
  erc20?: boolean;
}

interface UniswapList {
  tokens: { chainId: number; address: string; symbol: string; name: string; decimals: number }[];
}

interface CurrencyCodes {
  data: { code: string; digits: number; currency: string }[];
}

const versionOf = (name: string): string => `${name}@${(require(`${name}/package.json`) as { version: string }).version}`;

/**
 * Reads the maintained packages the list is generated from:
 * - @metamask/contract-metadata: Ethereum mainnet ERC20s (the source Request Network's own
 *   currency package uses for mainnet);
 * - @uniswap/default-token-list: tokens on every chain, used for the L2s, bsc and polygon;
 * - currency-codes: ISO 4217 codes, names and minor units.
 */
export function loadSources(): TokenListSources {
  const metamask = require('@metamask/contract-metadata') as Record<string, MetaMaskEntry>;
  const uniswap = require('@uniswap/default-token-list') as UniswapList;
  const codes = require('currency-codes') as CurrencyCodes;

  const tokens: SourceToken[] = [];
  for (const [address, entry] of Object.entries(metamask)) {
    if (!entry.erc20 || typeof entry.symbol !== 'string' || typeof entry.decimals !== 'number') continue;
    tokens.push({
      chainId: 1,
      address,
      symbol: entry.symbol,
      name: entry.name ?? entry.symbol,
      decimals: entry.decimals,
      source: 'metamask',
    });
  }
  for (const t of uniswap.tokens) tokens.push({ ...t, source: 'uniswap' });

  return {
    tokens,
    fiat: codes.data.map((c) => ({ code: c.code, name: c.currency, digits: c.digits })),
    versions: ['@metamask/contract-metadata', '@uniswap/default-token-list', 'currency-codes'].map(versionOf),
  };
}
