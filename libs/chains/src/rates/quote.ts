import type { Currency } from '../currencies/currency.js';
import { fiatToTokenUnits } from './fiat-conversion.js';
import { RateError, type RateSource } from './rate-source.js';

/**
 * The token base units that pay `amount` of the fiat `invoice` currency with `token`, at the
 * current rates of the token's network (rounded up, in the payee's favour).
 */
export async function quoteFiatInToken(rates: RateSource, invoice: Currency, amount: string, token: Currency): Promise<bigint> {
  if (invoice.type !== 'ISO4217') throw new RateError('NO_FEED', `${invoice.id} is not a fiat currency`);
  const network = token.network;
  const [fiatRate, tokenRate] = await Promise.all([
    invoice.symbol === 'USD' ? null : rates.usdRate(network, invoice.symbol),
    rates.usdRate(network, token.id),
  ]);
  return fiatToTokenUnits(amount, fiatRate, tokenRate, token.decimals);
}
