/**
 * How many rows a year of Payrail holds at `scale` 1 (issue 24): one large platform (half the
 * requests, 20 Client IDs) and many small ones (2 Client IDs each), requests spread over the last
 * 365 days with more in recent months (the platforms grew).
 */
export interface YearShape {
  smallPlatforms: number;
  /** Client IDs: 20 of the large platform, then 2 per small platform. */
  clientIds: number;
  endpoints: number;
  requests: number;
  events: number;
  deliveries: number;
  securePayments: number;
  recurring: number;
  idempotencyKeys: number;
}

const FULL = {
  smallPlatforms: 999,
  endpoints: 10_000,
  requests: 1_000_000,
  events: 1_000_000,
  deliveries: 1_000_000,
  securePayments: 100_000,
  recurring: 50_000,
  idempotencyKeys: 100_000,
};

export const LARGE_PLATFORM_CLIENT_IDS = 20;

export function yearShape(scale: number): YearShape {
  if (!(scale > 0 && scale <= 10)) throw new Error(`scale must be in (0, 10], got ${scale}`);
  const n = (full: number, min: number) => Math.max(min, Math.round(full * scale));
  const smallPlatforms = n(FULL.smallPlatforms, 10);
  const clientIds = LARGE_PLATFORM_CLIENT_IDS + 2 * smallPlatforms;
  const requests = n(FULL.requests, 100);
  return {
    smallPlatforms,
    clientIds,
    // Every Client ID has at least one endpoint, so every delivery has one of its own owner.
    endpoints: Math.max(clientIds, n(FULL.endpoints, 10)),
    requests,
    events: n(FULL.events, 100),
    deliveries: Math.min(n(FULL.deliveries, 100), n(FULL.events, 100)),
    securePayments: Math.min(requests, n(FULL.securePayments, 10)),
    recurring: n(FULL.recurring, 10),
    idempotencyKeys: n(FULL.idempotencyKeys, 10),
  };
}
