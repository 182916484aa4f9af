import { getAddress, keccak256, toUtf8Bytes } from 'ethers';
import type { NetworkName } from '../network-registry.js';

/**
 * Currency types as Request Network's token list writes them: ISO4217 (fiat), ETH (the native
 * currency of its chain, whatever it is called: ETH, MATIC, BNB, TRX), ERC20, TRC20.
 */
export const CURRENCY_TYPES = ['ISO4217', 'ETH', 'ERC20', 'TRC20'] as const;
export type CurrencyType = (typeof CURRENCY_TYPES)[number];

/** Fiat currencies sit on the pseudo network "fiat" with chain id 0. */
export const FIAT_NETWORK = 'fiat';
export type CurrencyNetwork = NetworkName | typeof FIAT_NETWORK;

/** The currency object of the API, field for field as Request Network's token list has it. */
export interface Currency {
  /** `<SYMBOL>-<network>`, e.g. "USDC-base", "ETH-sepolia-sepolia"; fiat bare ("USD"). */
  id: string;
  name: string;
  symbol: string;
  decimals: number;
  /** Token contract (EIP-55 for EVM, base58 for Tron); zero address for natives; ASCII pseudo address for fiat. */
  address: string;
  network: CurrencyNetwork;
  type: CurrencyType;
  /** ERC20/TRC20: the token address; others: the Request Network currency hash (see currencyHash). */
  hash: string;
  chainId: number;
}

/** Request Network's currency id: `symbol-network`, or the bare symbol without a network. */
export function currencyId(symbol: string, network?: string): string {
  return network ? `${symbol}-${network}` : symbol;
}

/**
 * Request Network's hash of a non-token currency: `last20bytesOfNormalizedKeccak256Hash({type,
 * value: symbol})`, i.e. keccak256 of the key-sorted, lowercased JSON text, last 20 bytes.
 * The network is not part of it (a FIXME in RN's getHash.ts), so ETH on mainnet and on a chain
 * whose native symbol is also "ETH" share a hash. Pinned by the USD, EUR and ETH vectors.
 */
export function currencyHash(type: CurrencyType, symbol: string): string {
  const normalized = JSON.stringify({ type, value: symbol }).toLowerCase(); // keys already sorted
  return '0x' + keccak256(toUtf8Bytes(normalized)).slice(-40);
}

/** The pseudo address of a fiat currency: its ASCII code right-aligned in 20 bytes (USD -> 0x…555344). */
export function fiatPseudoAddress(code: string): string {
  if (!/^[A-Z]{3}$/.test(code)) throw new Error(`Not an ISO 4217 code: ${code}`);
  const hex = [...code].map((c) => c.charCodeAt(0).toString(16)).join('');
  return getAddress('0x' + hex.padStart(40, '0'));
}
