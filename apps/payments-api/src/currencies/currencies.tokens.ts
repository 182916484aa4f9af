/** Injection tokens of the currencies feature (the registry itself is provided under its class). */
export const LOCAL_CHAIN_DEPLOYMENT = Symbol('LOCAL_CHAIN_DEPLOYMENT');
export const RATE_FEED_BOOK = Symbol('RATE_FEED_BOOK');
export const RATE_SOURCE = Symbol('RATE_SOURCE');

/** Rates are re-read from the chain at most this often. */
export const RATE_CACHE_TTL_MS = 30_000;

/**
 * A rate older than this is refused. Chainlink's fiat feeds update at least once a day
 * (24 h heartbeat), so one heartbeat plus an hour of slack.
 */
export const RATE_MAX_AGE_SECONDS = 25 * 60 * 60;
