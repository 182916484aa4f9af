/** Network -> Payrail's own recurring proxy (PayrailRecurringProxies): recurring payouts are offered only there. */
export const PAYRAIL_RECURRING_PROXIES_TOKEN = Symbol('PAYRAIL_RECURRING_PROXIES');
