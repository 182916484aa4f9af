/** The network registry payouts build against: production addresses, or the local chain's deployment. */
export const PAYOUT_NETWORKS = Symbol('PAYOUT_NETWORKS');
/** Network -> Payrail's own recurring proxy (PayrailRecurringProxies): recurring payouts are offered only there. */
export const PAYRAIL_RECURRING_PROXIES_TOKEN = Symbol('PAYRAIL_RECURRING_PROXIES');
