import type { Currency } from '../currencies/currency.js';
import type { CurrencyRegistry } from '../currencies/registry.js';
import { CONVERSION_INVOICE_CURRENCIES, isConversionPaymentCurrency } from '../currencies/roles.js';
import type { RateFeedBook } from './rate-feeds.js';

/**
 * The payment currencies a request denominated in `invoice` can be paid with, on `networks`
 * (in that order, each network's currencies in list order). The rule:
 * - the invoice currency is one of the conversion invoice currencies (USD, EUR, CNY, GBP, JPY);
 * - the payment currency is a conversion payment token on that network (USDC, USDCn, USDT, DAI,
 *   FAU and the sepolia stand-ins fUSDC/fUSDT; USDT0 is a cross-chain alias, not a route);
 * - a rate exists on that network for both sides against USD (USD itself needs none), in the
 *   network's RateFeedBook: Request Network's published aggregators, or the local chain's feeds.
 */
export function conversionRoutes(
  registry: CurrencyRegistry,
  feeds: RateFeedBook,
  invoice: Currency,
  networks: readonly string[],
): Currency[] {
  if (invoice.type !== 'ISO4217' || !CONVERSION_INVOICE_CURRENCIES.includes(invoice.symbol)) return [];
  const routes: Currency[] = [];
  for (const network of networks) {
    const rates = feeds[network] ?? {};
    if (invoice.symbol !== 'USD' && !Object.hasOwn(rates, invoice.symbol)) continue;
    for (const currency of registry.onNetwork(network)) {
      if (isConversionPaymentCurrency(currency) && Object.hasOwn(rates, currency.id)) routes.push(currency);
    }
  }
  return routes;
}
