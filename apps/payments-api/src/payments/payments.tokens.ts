/**
 * Injection tokens of the payments kernel, provided once by PaymentsModule (payments.module.ts)
 * except PAYOUT_NETWORKS, which each feature provides over its own registry (payouts add the
 * recurring proxies). The currency registry itself is provided under its class.
 */
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

/** FieldCipher for a request's customerInfo (purpose "request-customer-info"): payouts and secure payments write it, GET /v2/request reads it. */
export const CUSTOMER_INFO_CIPHER = Symbol('CUSTOMER_INFO_CIPHER');

/** The network registry the planner builds against: production addresses, or the local chain's deployment. */
export const PAYOUT_NETWORKS = Symbol('PAYOUT_NETWORKS');

/** Base URL of the hosted payment page; a payment's URL is `<base>/<token>`. */
export const SECURE_PAYMENT_PAGE_URL = Symbol('SECURE_PAYMENT_PAGE_URL');
