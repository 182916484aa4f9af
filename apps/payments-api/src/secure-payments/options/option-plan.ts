import { crossChainSources, type CurrencyRegistry, pegOf, type SecurePaymentChain, securePaymentChainOf } from '@payrail/chains';
import { rescaleUnits, type SourceToken } from '@payrail/domain';
import type { RequestEntity } from '@payrail/persistence';

/** One balance the page's `paymentOptions` reports: a token (or the native currency) on a network. */
export interface PlannedOption {
  /** Key of the chain: the secure-payment chain name (BASE...), or the network upper-cased (SEPOLIA). */
  chain: string;
  /** Key of the token: the source token name (USDC...), or the payment currency's symbol (fUSDC). */
  token: string;
  network: string;
  /** Token contract; null for the network's native currency. */
  address: string | null;
  decimals: number;
  /** What the payment needs (amount plus fee) in this token's base units. */
  needed: bigint;
}

/** A source the page asked about (`token` + `chain` query). */
export interface SourceFilter {
  chain: SecurePaymentChain;
  token: SourceToken;
}

const sameToken = (a: string | null, b: string | null) => (a === null || b === null ? a === b : a.toLowerCase() === b.toLowerCase());

/**
 * The options of a payment: its own currency on its own network (a direct payment), then, for a
 * stablecoin payment, every cross-chain source of the same peg on every secure-payment chain
 * (USDC, USDT, USDT0 for a USD stablecoin; EURC for EURC). A source needs the payment's amount plus
 * fee at par, in its own decimals, rounded up (rescaleUnits). With `only`, just that source (none
 * when it does not exist on that chain or has another peg). Tron payments have no cross-chain
 * sources (the API takes no chain/token for them). No quotes: bridging fees are not included.
 */
export function planPaymentOptions(request: RequestEntity, registry: CurrencyRegistry, only?: SourceFilter): PlannedOption[] {
  const needed = request.expectedAmount + request.feeAmount;
  const own = registry.byId(request.paymentCurrency);
  const peg = own && request.network !== 'tron' ? pegOf(own) : undefined;
  const sources: PlannedOption[] = (peg ? crossChainSources(registry, peg, only) : []).map((s) => ({
    chain: s.chain,
    token: s.token,
    network: s.currency.network,
    address: s.currency.address,
    decimals: s.currency.decimals,
    needed: rescaleUnits(needed, request.currencyDecimals, s.currency.decimals),
  }));
  if (only) return sources;
  const chain = securePaymentChainOf(request.network) ?? request.network.toUpperCase();
  const covered = sources.some((s) => s.network === request.network && sameToken(s.address, request.currencyAddress));
  if (covered) return sources;
  // Listed first: when its key is also a source's (bridged USDC.e paid on OPTIMISM), the payment's own token is the one reported.
  const direct: PlannedOption = {
    chain,
    token: own?.symbol ?? request.paymentCurrency,
    network: request.network,
    address: request.currencyAddress,
    decimals: request.currencyDecimals,
    needed,
  };
  return [direct, ...sources];
}
