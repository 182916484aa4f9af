/** Client ID lifecycle and rate tiers (spec: Authentication, Limits). */
export const CLIENT_ID_STATUSES = ['active', 'inactive', 'revoked', 'restricted'] as const;
export type ClientIdStatus = (typeof CLIENT_ID_STATUSES)[number];

export const RATE_TIERS = ['basic', 'default', 'premium', 'high-volume'] as const;
export type RateTier = (typeof RATE_TIERS)[number];

export interface RateLimit {
  perSecond: number;
  perMinute: number;
}

/** The spec's tiers: Basic 2/s (120/min), Default 5/s (300/min), Premium 10/s, High-volume 20/s. */
export const TIER_LIMITS: Record<RateTier, RateLimit> = {
  basic: { perSecond: 2, perMinute: 120 },
  default: { perSecond: 5, perMinute: 300 },
  premium: { perSecond: 10, perMinute: 600 },
  'high-volume': { perSecond: 20, perMinute: 1200 },
};

/** A revoked Client ID can never be used or reactivated. */
export function canTransition(from: ClientIdStatus, to: ClientIdStatus): boolean {
  return from !== 'revoked' || to === 'revoked';
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export type OriginCheck = { ok: true; origin: string } | { ok: false; reason: string };

/**
 * Normalises an allowed origin: scheme, host and port only (default ports dropped, host
 * lower-cased), HTTPS required except for localhost, 127.0.0.1 and [::1]; no path, query,
 * fragment or credentials.
 */
export function normalizeOrigin(value: string): OriginCheck {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, reason: 'must be an absolute URL such as https://shop.example.com' };
  }
  if (url.username || url.password) return { ok: false, reason: 'must not contain credentials' };
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
    return { ok: false, reason: 'must be an origin without a path, query or fragment' };
  const local = LOCAL_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local))
    return { ok: false, reason: 'must use https (http only for localhost, 127.0.0.1 and [::1])' };
  return { ok: true, origin: url.origin };
}

/** Exact scheme + host + port match of a request's Origin header against the allowed list. */
export function originAllowed(requestOrigin: string, allowed: readonly string[]): boolean {
  const check = normalizeOrigin(requestOrigin);
  return check.ok && allowed.includes(check.origin);
}
