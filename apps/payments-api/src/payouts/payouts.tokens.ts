/** The network registry payouts build against: production addresses, or the local chain's deployment. */
export const PAYOUT_NETWORKS = Symbol('PAYOUT_NETWORKS');
