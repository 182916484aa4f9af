import { SOURCE_TOKENS, type SourceToken } from '@payrail/domain';
import { SECURE_PAYMENT_CHAIN_NAMES, SECURE_PAYMENT_CHAINS, type SecurePaymentChain } from '../secure-payment-chains.js';
import type { Currency } from './currency.js';
import type { CurrencyRegistry } from './registry.js';

/** The fiat currency a stablecoin is pegged to. */
export type StablecoinPeg = 'USD' | 'EUR';

/**
 * Pegs by list symbol (USDCn: native Circle USDC; fUSDC, fUSDT: the sepolia stand-ins, which the
 * local chain's USDC and USDT become). Anything else (ETH, FAU, ...) has no peg: paying it from
 * another token would need a swap quote, which the passive page record does not give.
 */
const PEG_BY_SYMBOL: Readonly<Record<string, StablecoinPeg>> = Object.freeze({
  USDC: 'USD',
  USDCn: 'USD',
  USDT: 'USD',
  USDT0: 'USD',
  DAI: 'USD',
  fUSDC: 'USD',
  fUSDT: 'USD',
  EURC: 'EUR',
});

/** The peg of a token currency, or undefined (natives, fiat, unpegged tokens). */
export function pegOf(currency: Currency): StablecoinPeg | undefined {
  return currency.type === 'ERC20' || currency.type === 'TRC20' ? PEG_BY_SYMBOL[currency.symbol] : undefined;
}

/**
 * The list symbols a source token stands for on a network, preferred first: `USDC` is native USDC
 * (`USDCn`) where the list also carries the bridged USDC.e under `USDC` (optimism, matic), as
 * Request Network's own ids do (request-network-facts: key stablecoin ids).
 */
const LIST_SYMBOLS: Readonly<Record<SourceToken, readonly string[]>> = Object.freeze({
  USDC: ['USDCn', 'USDC'],
  USDT: ['USDT'],
  EURC: ['EURC'],
  USDT0: ['USDT0'],
});

/** One cross-chain source: a token on a secure-payment chain. */
export interface CrossChainSource {
  chain: SecurePaymentChain;
  token: SourceToken;
  currency: Currency;
}

/** The currency a source token is on a chain, or undefined where the list has none (EURC on OPTIMISM). */
export function sourceCurrency(registry: CurrencyRegistry, chain: SecurePaymentChain, token: SourceToken): Currency | undefined {
  const network = SECURE_PAYMENT_CHAINS[chain];
  for (const symbol of LIST_SYMBOLS[token]) {
    const found = registry.onNetwork(network).find((c) => c.symbol === symbol && c.type === 'ERC20');
    if (found) return found;
  }
  return undefined;
}

/**
 * The cross-chain sources that can pay a payment pegged to `peg` at par: every source token of
 * that peg on every secure-payment chain where it exists (USD stablecoins for a USD payment, EURC
 * only for EUR), in chain-enum then token-enum order; with `only`, that one source if it qualifies.
 */
export function crossChainSources(
  registry: CurrencyRegistry,
  peg: StablecoinPeg,
  only?: { chain: SecurePaymentChain; token: SourceToken },
): CrossChainSource[] {
  const chains = only ? [only.chain] : SECURE_PAYMENT_CHAIN_NAMES;
  const tokens = only ? [only.token] : SOURCE_TOKENS;
  const sources: CrossChainSource[] = [];
  for (const chain of chains) {
    for (const token of tokens) {
      const currency = sourceCurrency(registry, chain, token);
      if (currency && pegOf(currency) === peg) sources.push({ chain, token, currency });
    }
  }
  return sources;
}
