import { Inject, Injectable, Logger } from '@nestjs/common';
import { isRateError, type RateSource, usdTotal, type UsdRate } from '@payrail/chains';
import type { RequestEntity } from '@payrail/persistence';
import { TIMED_OUT, withDeadline } from '@payrail/platform';
import { PaymentsApiEnv } from '../../config/payments-api.env.js';
import { RATE_SOURCE } from '../../payments/payments.tokens.js';

/**
 * Why USD values are null: `usd_rate_unavailable` when a payment currency has no USD rate on
 * its network (no feed: a lasting condition), `usd_rate_source_unavailable` when its feed could
 * not be read now (RPC down or slower than PAGE_RPC_TIMEOUT_MS, stale or invalid answer).
 */
export type UsdUnavailableReason = 'usd_rate_unavailable' | 'usd_rate_source_unavailable';

/** The USD rate of every (network, payment currency) of some requests, or why there is none. */
export type RequestUsdRates = { rates: ReadonlyMap<string, UsdRate> } | { unavailable: UsdUnavailableReason };

const keyOf = (r: RequestEntity) => `${r.network}\u0000${r.paymentCurrency}`;
const splitKey = (key: string) => key.split('\u0000') as [string, string];

/**
 * USD value of an amount of each request (in its payment currency's base units), summed exactly
 * and rounded once, half up, to the cent (usdTotal); null when the rates are unavailable.
 */
export function usdOf(rates: RequestUsdRates, requests: readonly RequestEntity[], units: (r: RequestEntity) => bigint): string | null {
  if (!('rates' in rates)) return null;
  return usdTotal(requests.map((r) => ({ units: units(r), decimals: r.currencyDecimals, rate: rates.rates.get(keyOf(r))! })));
}

/**
 * Reads the USD rates the page's USD values use (the multicall analytics and the fee plans):
 * the currencies' cached, staleness-checked RateSource, every (network, currency) at once within
 * PAGE_RPC_TIMEOUT_MS. All or nothing: one currency without a usable rate makes them unavailable.
 */
@Injectable()
export class UsdRates {
  private readonly logger = new Logger('UsdRates');

  constructor(
    @Inject(RATE_SOURCE) private readonly rates: RateSource,
    @Inject(PaymentsApiEnv) private readonly env: PaymentsApiEnv,
  ) {}

  async of(requests: readonly RequestEntity[]): Promise<RequestUsdRates> {
    const keys = [...new Set(requests.map(keyOf))];
    const read = Promise.allSettled(keys.map((key) => this.rates.usdRate(...splitKey(key))));
    const settled = await withDeadline(read, this.env.PAGE_RPC_TIMEOUT_MS);
    if (settled === TIMED_OUT) return { unavailable: 'usd_rate_source_unavailable' };
    const failures = settled.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    if (failures.some((e) => isRateError(e, 'NO_FEED'))) return { unavailable: 'usd_rate_unavailable' };
    if (failures.length > 0) {
      this.logger.warn({ err: failures[0] }, 'USD rate unavailable');
      return { unavailable: 'usd_rate_source_unavailable' };
    }
    return { rates: new Map(keys.map((key, i) => [key, (settled[i] as PromiseFulfilledResult<UsdRate>).value])) };
  }
}
