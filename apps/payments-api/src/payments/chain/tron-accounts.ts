import { Injectable } from '@nestjs/common';
import { httpFetchJson, TronGridAccountReader } from '@payrail/chains';
import { PaymentsApiEnv } from '../../config/payments-api.env.js';

/** A payout waits at most this long for TronGrid (the page has its own, shorter PAGE_RPC_TIMEOUT_MS). */
export const TRONGRID_TIMEOUT_MS = 5000;

/**
 * Tron accounts through the TronGrid-compatible API of TRON_API_URL (the one detection follows),
 * with the same HTTP client and TronGrid key (TRON_API_KEY). `reader` is undefined without TRON_API_URL: Tron balances are then
 * not read (payouts answer unchecked flags, the page leaves Tron out).
 */
@Injectable()
export class TronAccounts {
  readonly reader: TronGridAccountReader | undefined;

  constructor(env: PaymentsApiEnv) {
    this.reader = env.TRON_API_URL
      ? new TronGridAccountReader(env.TRON_API_URL, httpFetchJson(TRONGRID_TIMEOUT_MS, env.TRON_API_KEY))
      : undefined;
  }
}
