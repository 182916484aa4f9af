import {
  type Currency,
  CurrencyRegistry,
  destinationIdOf,
  detectAddressKind,
  interopAddressBinary,
  isDestinationCurrency,
  NETWORKS,
  networkByChainId,
  parseDestinationId,
  parseEvmAddress,
  tronToEvmAddress,
} from '@payrail/chains';
import {
  type NewPayeeDestination,
  type PayeeDestinationRow,
  PayeeDestinationsRepository,
  type StoredDestination,
} from '@payrail/persistence';
import type { EntityManager } from 'typeorm';
import { invalidField } from '../planning/invalid.js';

/** What a new destination is asked for: the wallet, and the token either by currency id or by token address and chain id. */
export interface DestinationAsk {
  walletAddress: string;
  currency?: string;
  tokenAddress?: string;
  chainId?: number;
  label?: string | null;
}

/** The destination currency asked for: `currency` (`USDC-base`), or `tokenAddress` + `chainId` as Request Network's clients send them. */
function currencyOf(registry: CurrencyRegistry, ask: DestinationAsk): { currency: Currency; field: string } {
  if (ask.currency !== undefined) {
    if (ask.tokenAddress !== undefined || ask.chainId !== undefined)
      throw invalidField('currency', 'currency cannot be sent with tokenAddress and chainId: name the token one way');
    const currency = registry.byId(ask.currency);
    if (!currency) throw invalidField('currency', `currency "${ask.currency}" is not a known currency id (see GET /v2/currencies)`);
    return { currency, field: 'currency' };
  }
  if (ask.tokenAddress === undefined)
    throw invalidField('currency', 'currency (such as USDC-base) or tokenAddress and chainId is required');
  if (ask.chainId === undefined) throw invalidField('chainId', 'chainId is required with tokenAddress');
  const network = networkByChainId(NETWORKS, ask.chainId);
  if (!network) throw invalidField('chainId', `chainId ${ask.chainId} is not a network this server pays on`);
  const currency = registry.atAddress(network.name, ask.tokenAddress).find(isDestinationCurrency);
  if (!currency) throw invalidField('tokenAddress', `tokenAddress is not USDC or USDT on ${network.name}`);
  return { currency, field: 'tokenAddress' };
}

/**
 * A new destination's row from what was asked: the token must be USDC or USDT (spec: payment
 * destinations), the wallet of the network's kind; the id is Request Network's destination id.
 * Every refusal is a 400 naming its field.
 */
export function newDestination(registry: CurrencyRegistry, ask: DestinationAsk): Omit<NewPayeeDestination, 'id' | 'platformId'> {
  const { currency, field } = currencyOf(registry, ask);
  if (currency.network === 'fiat' || !isDestinationCurrency(currency) || !currency.address)
    throw invalidField(field, `${field} must be a destination token, USDC or USDT, such as USDC-base or USDT-tron`);
  const network = NETWORKS[currency.network];
  const kind = detectAddressKind(ask.walletAddress);
  if (kind !== network.kind) throw invalidField('walletAddress', `walletAddress must be an address on ${network.name}`);
  const walletAddress = kind === 'evm' ? parseEvmAddress(ask.walletAddress)! : ask.walletAddress;
  return {
    destinationId: destinationIdOf(walletAddress, network.chainId, currency.address),
    walletAddress,
    network: network.name,
    chainId: network.chainId,
    currencyId: currency.id,
    tokenAddress: currency.address,
    label: ask.label ?? null,
  };
}

/** The canonical stored form of a destination id given in a request, or a 400 naming `field`. */
export function canonicalDestinationId(text: string, field: string): string {
  const parsed = parseDestinationId(text);
  if (!parsed)
    throw invalidField(
      field,
      `${field} must be a destination id, <wallet>@eip155:<chainId>#<checksum>:<tokenAddress> (see GET /v2/payee-destination)`,
    );
  return parsed.destinationId;
}

/** The snapshot a secure payment keeps of the destination it was created for. */
export const storedDestination = (d: PayeeDestinationRow): StoredDestination => ({
  id: d.id,
  destinationId: d.destinationId,
  walletAddress: d.walletAddress,
  network: d.network,
  chainId: d.chainId,
  currencyId: d.currencyId,
  tokenAddress: d.tokenAddress,
  label: d.label,
});

/** The ERC-7828 name (the destination id without its token) and the ERC-7930 binary address of a destination. */
export function interopOf(d: StoredDestination): { humanReadableInteropAddress: string; binaryInteropAddress: string } {
  const humanReadableInteropAddress = d.destinationId.slice(0, d.destinationId.lastIndexOf(':'));
  const evm = detectAddressKind(d.walletAddress) === 'tron' ? tronToEvmAddress(d.walletAddress) : d.walletAddress;
  return { humanReadableInteropAddress, binaryInteropAddress: interopAddressBinary(d.chainId, evm) };
}

/** The payment terms a destination stands for: its wallet, paid in its token (the amount in `invoiceCurrency`, by default that token). */
export const termsOf = (d: StoredDestination, amount: string, invoiceCurrency?: string) => ({
  payee: d.walletAddress,
  amount,
  invoiceCurrency: invoiceCurrency ?? d.currencyId,
  paymentCurrency: d.currencyId,
});

/**
 * The platform's active destination named by `text` (a request body's destinationId), or a 400
 * naming `field`: malformed, not one of the platform's (another platform's is not told apart), or deactivated.
 */
export async function activeDestination(
  manager: EntityManager,
  platformId: string,
  text: string,
  field: string,
): Promise<PayeeDestinationRow> {
  const id = canonicalDestinationId(text, field);
  const found = await new PayeeDestinationsRepository(manager).byDestinationId(platformId, id);
  if (!found) throw invalidField(field, `${field} is not a payee destination of this platform (see GET /v2/payee-destination)`);
  if (!found.active)
    throw invalidField(field, `${field} names a deactivated payee destination (POST /v2/payee-destination reactivates it)`);
  return found;
}
