import { Inject, Injectable, Logger } from '@nestjs/common';
import { isRateError, type RateSource, usdTotal, type UsdRate } from '@payrail/chains';
import type { RequestEntity, SecurePaymentEntity } from '@payrail/persistence';
import { TIMED_OUT, withDeadline } from '@payrail/platform';
import { PaymentsApiEnv } from '../../config/payments-api.env.js';
import { RATE_SOURCE } from '../../currencies/currencies.tokens.js';

/**
 * Why the USD fields are null: `usd_rate_unavailable` when a payment currency has no USD rate on
 * its network (no feed: a lasting condition), `usd_rate_source_unavailable` when its feed could
 * not be read now (RPC down or slower than PAGE_RPC_TIMEOUT_MS, stale or invalid answer).
 */
export type UsdUnavailableReason = 'usd_rate_unavailable' | 'usd_rate_source_unavailable';

export interface MulticallAnalyticsView {
  creationTimestamp: string;
  /** Sum of the children's amounts (what the recipients receive), fees excluded. */
  totalPaymentAmountUsd: string | null;
  /** Payrail charges no protocol fee: "0.00" whenever the USD fields are known. */
  protocolFeeAmountUsd: string | null;
  /** The requests' fee (the Client ID's fee, paid on top by the payer). */
  orchestratorPayerFeeAmountUsd: string | null;
  /** No fee is taken from the recipients: "0.00" whenever the USD fields are known. */
  orchestratorRecipientFeeAmountUsd: string | null;
  feeAmountsUsdUnavailableReason: UsdUnavailableReason | null;
  numberOfPaymentsExcludingFees: number;
  destinationIds: string[];
  payoutKytProvider: string | null;
}

type UsdFields = Pick<
  MulticallAnalyticsView,
  | 'totalPaymentAmountUsd'
  | 'protocolFeeAmountUsd'
  | 'orchestratorPayerFeeAmountUsd'
  | 'orchestratorRecipientFeeAmountUsd'
  | 'feeAmountsUsdUnavailableReason'
>;

const unavailable = (reason: UsdUnavailableReason): UsdFields => ({
  totalPaymentAmountUsd: null,
  protocolFeeAmountUsd: null,
  orchestratorPayerFeeAmountUsd: null,
  orchestratorRecipientFeeAmountUsd: null,
  feeAmountsUsdUnavailableReason: reason,
});

/**
 * The multicall payout's `analytics`: USD values of its children's amounts and fees from the
 * on-chain USD rates (the currencies' cached, staleness-checked RateSource), as decimal strings
 * rounded once, half up, to the cent (usdTotal). All or nothing: one currency without a usable
 * rate nulls every USD field and says why.
 */
@Injectable()
export class MulticallAnalytics {
  private readonly logger = new Logger('MulticallAnalytics');

  constructor(
    @Inject(RATE_SOURCE) private readonly rates: RateSource,
    @Inject(PaymentsApiEnv) private readonly env: PaymentsApiEnv,
  ) {}

  async of(payment: SecurePaymentEntity, requests: RequestEntity[], childCount: number): Promise<MulticallAnalyticsView> {
    return {
      creationTimestamp: payment.createdAt.toISOString(),
      ...(await this.usdFields(requests)),
      numberOfPaymentsExcludingFees: childCount,
      destinationIds: [],
      payoutKytProvider: payment.accessPolicy.screening === 'kyt_all_wallets' ? 'payrail-sandbox' : null,
    };
  }

  private async usdFields(requests: RequestEntity[]): Promise<UsdFields> {
    const rates = await this.ratesOf(requests);
    if (!(rates instanceof Map)) return unavailable(rates);
    const priced = (units: (r: RequestEntity) => bigint) =>
      usdTotal(requests.map((r) => ({ units: units(r), decimals: r.currencyDecimals, rate: rates.get(keyOf(r))! })));
    return {
      totalPaymentAmountUsd: priced((r) => r.expectedAmount),
      protocolFeeAmountUsd: '0.00',
      orchestratorPayerFeeAmountUsd: priced((r) => r.feeAmount),
      orchestratorRecipientFeeAmountUsd: '0.00',
      feeAmountsUsdUnavailableReason: null,
    };
  }

  /** The USD rate of each (network, payment currency), read at once within the page deadline. */
  private async ratesOf(requests: RequestEntity[]): Promise<Map<string, UsdRate> | UsdUnavailableReason> {
    const keys = [...new Set(requests.map(keyOf))];
    const read = Promise.allSettled(keys.map((key) => this.rates.usdRate(...splitKey(key))));
    const settled = await withDeadline(read, this.env.PAGE_RPC_TIMEOUT_MS);
    if (settled === TIMED_OUT) return 'usd_rate_source_unavailable';
    const failures = settled.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    if (failures.some((e) => isRateError(e, 'NO_FEED'))) return 'usd_rate_unavailable';
    if (failures.length > 0) {
      this.logger.warn({ err: failures[0] }, 'multicall analytics: USD rate unavailable');
      return 'usd_rate_source_unavailable';
    }
    return new Map(keys.map((key, i) => [key, (settled[i] as PromiseFulfilledResult<UsdRate>).value]));
  }
}

const keyOf = (r: RequestEntity) => `${r.network}\u0000${r.paymentCurrency}`;
const splitKey = (key: string) => key.split('\u0000') as [string, string];
