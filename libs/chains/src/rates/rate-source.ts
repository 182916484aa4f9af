import { PayrailError } from '@payrail/domain';

/** The price of one unit of `asset` in USD: `answer / 10^decimals`, as of `updatedAt`. */
export interface UsdRate {
  network: string;
  /** Fiat code ("EUR") or currency id ("USDC-base"). */
  asset: string;
  answer: bigint;
  decimals: number;
  /** Unix seconds of the feed's last update. */
  updatedAt: number;
}

/** Where rates come from: on-chain feeds, a cache in front of them, a test double. */
export interface RateSource {
  usdRate(network: string, asset: string): Promise<UsdRate>;
}

export type RateErrorReason = 'NO_FEED' | 'STALE' | 'INVALID_ANSWER' | 'INVALID_AMOUNT' | 'UNAVAILABLE';

/**
 * A rate that cannot be used. The reason is the precise cause; the domain code is what the
 * caller sees: no feed and a bad amount are the request's fault, a stale or broken feed or an
 * unreachable RPC is a dependency that is unavailable (503) until it recovers.
 */
export class RateError extends PayrailError {
  constructor(
    readonly reason: RateErrorReason,
    message: string,
  ) {
    super(reason === 'NO_FEED' ? 'NOT_FOUND' : reason === 'INVALID_AMOUNT' ? 'VALIDATION_FAILED' : 'DEPENDENCY_UNAVAILABLE', message);
    this.name = 'RateError';
  }
}

export function isRateError(value: unknown, reason?: RateErrorReason): value is RateError {
  return value instanceof RateError && (reason === undefined || value.reason === reason);
}
