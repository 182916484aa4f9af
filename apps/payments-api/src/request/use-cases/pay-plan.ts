import {
  crossChainSources,
  type CurrencyRegistry,
  detectAddressKind,
  type NetworkInfo,
  parseEvmAddress,
  pegOf,
  SECURE_PAYMENT_CHAINS,
  securePaymentChainOf,
} from '@payrail/chains';
import { feeAmount, formatAmount, hasBeenPaid, parseAmount, PayrailError, SOURCE_CHAINS, SOURCE_TOKENS } from '@payrail/domain';
import type { RequestEntity } from '@payrail/persistence';
import type { Caller } from '@payrail/platform';
import { sameAddress } from '../../payments/dto/validators.js';
import { feeTermsFor } from '../../payments/planning/fee-terms.js';
import type { PlannedPayment } from '../../payments/planning/planned-payment.js';

/** The query fields GET /v2/request/{id}/pay and /routes share. */
export interface PayTermsQuery {
  amount?: string;
  feePercentage?: string;
  feeAddress?: string;
}

/** A way to pay a request that Payrail executes: its own currency on its own network, under a route name. */
export interface ExecutableRoute {
  id: string;
  /** Upper-case chain name: the secure-payment chain (BASE...) or the network upper-cased (SEPOLIA, TRON). */
  chain: string;
  /** Token symbol (USDC, fUSDC, ETH). */
  token: string;
}

export const DIRECT_ROUTE_ID = 'REQUEST_NETWORK_PAYMENT';

type FieldError = { field: string; message: string };

const validationFailed = (errors: FieldError[]): PayrailError =>
  new PayrailError(
    'VALIDATION_FAILED',
    `Validation failed: ${errors.map((e) => (e.message.startsWith(e.field) ? e.message : `${e.field}: ${e.message}`)).join('; ')}`,
    { fields: errors },
  );

const invalid = (field: string, message: string): PayrailError => validationFailed([{ field, message }]);

/**
 * A request that can still be paid: not paid or overpaid (409), not `fee_short` (its amount has
 * arrived, only its fee is missing: nothing for a payer to pay through this route, 409 too).
 */
export function requirePayable(request: RequestEntity): void {
  if (hasBeenPaid(request.status)) {
    throw new PayrailError('CONFLICT', `Request is already paid (status ${request.status}): there is nothing left to pay`);
  }
  if (request.status === 'fee_short') {
    throw new PayrailError('CONFLICT', 'Request has received its full amount (status fee_short): only its fee is missing');
  }
}

/** What remains to pay, in base units of the payment currency (fee excluded). */
export const remainingOf = (request: RequestEntity): bigint => request.expectedAmount - request.amountPaid;

/**
 * The amount this payment pays, in base units of the payment currency: `amount` (a human decimal
 * in the payment currency, at most its decimals, > 0, at most what remains), else what remains.
 */
export function payAmountOf(request: RequestEntity, amount: string | undefined): bigint {
  const remaining = remainingOf(request);
  if (amount === undefined) return remaining;
  const parsed = parseAmount(amount, request.currencyDecimals);
  if (!parsed.ok) throw invalid('amount', `amount ${parsed.reason} (${request.paymentCurrency})`);
  if (parsed.units > remaining) {
    const left = formatAmount(remaining, request.currencyDecimals);
    throw invalid('amount', `amount must be at most what remains to pay: ${left} ${request.paymentCurrency}`);
  }
  return parsed.units;
}

const hasOwnFee = (request: RequestEntity): boolean => request.feeAddress !== null && request.feeAmount > 0n;
/** Two fee percentages are the same number ("2.5" and "2.50"): compared on a scale finer than their 18 decimals. */
const samePercentage = (a: string, b: string): boolean => feeAmount(10n ** 40n, a) === feeAmount(10n ** 40n, b);

function addressOn(network: NetworkInfo, address: string, field: string): string {
  const kind = detectAddressKind(address);
  if (kind !== network.kind) {
    throw invalid(
      field,
      `${field} must be ${network.kind === 'evm' ? 'an EVM address (0x...)' : 'a Tron address (T...)'} on ${network.name}`,
    );
  }
  return kind === 'evm' ? parseEvmAddress(address)! : address;
}

/**
 * The fee this payment pays on top, to one fee address (the fee proxy takes one).
 * - A request with its own fee (a payout's feePercentage): that fee, to its address. A payment of
 *   what remains pays the fee still due (so the parts add up to the request's fee exactly); a
 *   partial one its share (the percentage of its amount, rounded down, never more than is due).
 *   A query fee that differs is a 400: it cannot be changed at payment time.
 * - A request without: the query's fee (feePercentage of the amount, on top, to feeAddress, as
 *   Request Network applies it at payment time); a Client ID with its own fee overrides it.
 */
export function payFeeOf(
  request: RequestEntity,
  network: NetworkInfo,
  caller: Caller,
  query: PayTermsQuery,
  amount: bigint,
): PlannedPayment['fee'] {
  if (hasOwnFee(request)) {
    const pct = request.feePercentage ?? '0';
    const differs =
      (query.feePercentage !== undefined && !samePercentage(query.feePercentage, pct)) ||
      (query.feeAddress !== undefined && !sameAddress(query.feeAddress, request.feeAddress!));
    if (differs) {
      throw invalid(
        'feePercentage',
        `this request carries its own fee (${pct}% to ${request.feeAddress}): feePercentage and feeAddress cannot change it`,
      );
    }
    const due = request.feeAmount > request.feePaid ? request.feeAmount - request.feePaid : 0n;
    const share = amount === remainingOf(request) ? due : feeAmount(amount, pct);
    return { percentage: request.feePercentage, amount: share < due ? share : due, address: request.feeAddress };
  }
  const terms = feeTermsFor(caller, query);
  if (terms.percentage === null && terms.address === null) return { percentage: null, amount: 0n, address: null };
  if (terms.percentage === null) throw invalid('feePercentage', 'feePercentage is required with feeAddress');
  if (terms.address === null) throw invalid('feeAddress', 'feeAddress is required with feePercentage');
  const address = addressOn(network, terms.address, 'feeAddress');
  return { percentage: terms.percentage, amount: feeAmount(amount, terms.percentage), address };
}

/** The direct route: the request's currency on its network. */
export function directRoute(request: RequestEntity, registry: CurrencyRegistry): ExecutableRoute {
  const currency = registry.byId(request.paymentCurrency);
  return {
    id: DIRECT_ROUTE_ID,
    chain: securePaymentChainOf(request.network) ?? request.network.toUpperCase(),
    token: currency?.symbol ?? request.paymentCurrency,
  };
}

/**
 * Every route Payrail executes for a request: the direct one, then the same-peg payment options of
 * the hosted page that are the request's own token on its own network under a source name (a
 * stablecoin the page names USDC on BASE), id `CHAIN-CHAIN-TOKEN-TOKEN` as Request Network names
 * same-chain routes. Another token of the peg on the network (USDT for a USDC request) would need a
 * swap, and another network a bridge: neither is offered, so neither is listed.
 */
export function executableRoutes(request: RequestEntity, registry: CurrencyRegistry): ExecutableRoute[] {
  const direct = directRoute(request, registry);
  const currency = registry.byId(request.paymentCurrency);
  const peg = currency && request.network !== 'tron' ? pegOf(currency) : undefined;
  const aliases = (peg ? crossChainSources(registry, peg) : [])
    .filter((s) => SECURE_PAYMENT_CHAINS[s.chain] === request.network)
    .filter(
      (s) => s.currency.address !== null && request.currencyAddress !== null && sameAddress(s.currency.address, request.currencyAddress),
    )
    .filter((s) => s.chain !== direct.chain || s.token !== direct.token)
    .map((s) => ({ id: `${s.chain}-${s.chain}-${s.token}-${s.token}`, chain: s.chain, token: s.token }));
  return [direct, ...aliases];
}

/**
 * The route a /pay query names (`chain`, `token`), among the executable ones: none names the
 * direct route; `chain` alone its network. Unknown values are 400s naming the field (both at
 * once); a route on another network is a 400 saying cross-chain execution is not offered, another
 * token on the request's network a 400 saying a swap is not offered.
 */
export function selectRoute(routes: ExecutableRoute[], chain: string | undefined, token: string | undefined): ExecutableRoute {
  const direct = routes[0];
  const chains = [...new Set<string>([direct.chain, ...SOURCE_CHAINS])];
  const tokens = [...new Set<string>([direct.token, ...SOURCE_TOKENS])];
  const errors: FieldError[] = [];
  if (chain !== undefined && !chains.includes(chain)) {
    errors.push({
      field: 'chain',
      message: `Invalid enum value. Expected ${chains.map((c) => `'${c}'`).join(' | ')}, received '${chain}'`,
    });
  }
  if (token !== undefined && !tokens.includes(token)) {
    errors.push({
      field: 'token',
      message: `Invalid enum value. Expected ${tokens.map((t) => `'${t}'`).join(' | ')}, received '${token}'`,
    });
  }
  if (errors.length > 0) throw validationFailed(errors);
  const wanted = chain ?? direct.chain;
  const route = routes.find((r) => r.chain === wanted && (token === undefined || r.token === token));
  if (route) return route;
  if (wanted !== direct.chain) {
    throw invalid(
      'chain',
      `Cross-chain payment is not offered: this request is paid on ${direct.chain} in ${direct.token}; omit chain and token, or use a route of GET /v2/request/{requestId}/routes`,
    );
  }
  throw invalid(
    'token',
    `Paying this request in ${token} on ${wanted} would need a swap, which is not offered: it is paid in ${direct.token}; omit token, or use a route of GET /v2/request/{requestId}/routes`,
  );
}

/** The planned payment of this pay: the request's record with this payment's amount and fee. */
export function payPlanOf(record: PlannedPayment, amount: bigint, fee: PlannedPayment['fee']): PlannedPayment {
  return { ...record, amount, fee };
}
