import { type NetworkInfo, type PayrailRecurringProxies } from '@payrail/chains';
import { invalidField } from '../../payments/planning/invalid.js';

/**
 * The recurring proxy a new schedule on `network` uses: Payrail's own (see
 * payrailRecurringProxies), never the registry's Request Network 0.1.0 proxy, which cannot verify
 * the SchedulePermit this API answers. A 400 naming paymentCurrency where Payrail has none.
 */
export function ownRecurringProxyOn(proxies: PayrailRecurringProxies, network: NetworkInfo): string {
  const own = network.kind === 'evm' ? proxies[network.name as keyof PayrailRecurringProxies] : undefined;
  if (own) return own;
  const theirs = network.contracts.ERC20RecurringPaymentProxy;
  throw invalidField(
    'paymentCurrency',
    theirs
      ? `recurring payouts are not available on ${network.name}: its recurring payment proxy (${theirs}) is not Payrail's and cannot verify the recurringPaymentPermit`
      : `recurring payouts are not available on ${network.name}`,
  );
}
