import { httpFetchJson, type TronBroadcaster, TronGridBroadcaster } from '@payrail/chains';
import type { PaymentsApiEnv } from '../config/payments-api.env.js';
import { TRONGRID_TIMEOUT_MS } from '../payments/chain/tron-accounts.js';

/** The Tron node port of the broadcast route: a TronBroadcaster, or null without TRON_API_URL. */
export const TRON_BROADCASTER = Symbol('TRON_BROADCASTER');

/**
 * The TronGrid-compatible node of TRON_API_URL (the one detection and the account reads use, with
 * TRON_API_KEY). Another relay (an energy-renting node, as Request Network uses) is another
 * TronBroadcaster bound to this token.
 */
export function tronBroadcasterFor(env: PaymentsApiEnv): TronBroadcaster | null {
  return env.TRON_API_URL ? new TronGridBroadcaster(env.TRON_API_URL, httpFetchJson(TRONGRID_TIMEOUT_MS, env.TRON_API_KEY)) : null;
}
