import { Inject, Injectable } from '@nestjs/common';
import {
  type Currency,
  conversionRoutes,
  CurrencyRegistry,
  NETWORK_NAMES,
  type NetworkName,
  type RateFeedBook,
  resolveNetworkName,
} from '@payrail/chains';
import { PayrailError } from '@payrail/domain';
import { RATE_FEED_BOOK } from '../../payments/payments.tokens.js';

export interface GetConversionRoutesCommand {
  currencyId: string;
  network?: string;
  /** Comma-separated network names. */
  networks?: string;
}

export type ConversionRoutesView =
  | { currencyId: string; network: NetworkName | null; conversionRoutes: Currency[] }
  | { currencyId: string; networks: NetworkName[]; conversionRoutes: Currency[] };

/**
 * GET /v2/currencies/{currencyId}/conversion-routes: the payment currencies for an invoice
 * currency on one network, a list of networks, or all of them (rule: libs/chains conversionRoutes).
 * Networks may be named as in the API ("matic") or by chain name ("POLYGON").
 */
@Injectable()
export class GetConversionRoutesUseCase {
  constructor(
    private readonly registry: CurrencyRegistry,
    @Inject(RATE_FEED_BOOK) private readonly feeds: RateFeedBook,
  ) {}

  execute(command: GetConversionRoutesCommand): ConversionRoutesView {
    if (command.network !== undefined && command.networks !== undefined) {
      throw invalid('networks', 'Give either network or networks, not both');
    }
    const currency = this.registry.byId(command.currencyId);
    if (!currency) throw new PayrailError('NOT_FOUND', 'Token not found');
    if (command.networks !== undefined) {
      const networks = parseNetworks(command.networks);
      return { currencyId: currency.id, networks, conversionRoutes: conversionRoutes(this.registry, this.feeds, currency, networks) };
    }
    const network = command.network === undefined ? null : resolve('network', command.network);
    const networks = network === null ? NETWORK_NAMES : [network];
    return { currencyId: currency.id, network, conversionRoutes: conversionRoutes(this.registry, this.feeds, currency, networks) };
  }
}

function invalid(field: string, message: string): PayrailError {
  // The same shape as the global validation pipe's failures.
  const summary = message.startsWith(field) ? message : `${field}: ${message}`;
  return new PayrailError('VALIDATION_FAILED', `Validation failed: ${summary}`, { fields: [{ field, message }] });
}

function resolve(field: string, name: string): NetworkName {
  const network = resolveNetworkName(name);
  if (!network) throw invalid(field, `${field} must name networks among ${NETWORK_NAMES.join(', ')}; got "${name}"`);
  return network;
}

function parseNetworks(list: string): NetworkName[] {
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) throw invalid('networks', 'networks must be a comma-separated list of network names');
  return [...new Set(names.map((n) => resolve('networks', n)))];
}
