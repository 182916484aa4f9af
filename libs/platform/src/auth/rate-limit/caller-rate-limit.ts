import { TIER_LIMITS, type RateLimit } from '@payrail/domain';
import type { HttpApiEnv } from '../../config/http-api-env.js';
import type { Caller } from '../caller.js';
import type { RateLimitClass } from './rate-limit-class.js';

type RateLimitSettings = Pick<
  HttpApiEnv,
  | 'effectiveRateLimitMultiplier'
  | 'RATE_LIMIT_MANAGEMENT_MULTIPLIER'
  | 'RATE_LIMIT_API_KEY_PER_SECOND'
  | 'RATE_LIMIT_API_KEY_PER_MINUTE'
  | 'RATE_LIMIT_SIGN_IN_PER_SECOND'
  | 'RATE_LIMIT_SIGN_IN_PER_MINUTE'
>;

/**
 * The bucket an authenticated caller's request counts against, and its limit: per credential and
 * client IP, Client IDs by their tier, server-side credentials and sessions by the API-key limit,
 * anonymous callers only on sign-in and `ip` routes (undefined: not limited). Every limit is
 * scaled by the multiplier, and `management` routes by their own one too.
 */
export function callerRateLimit(
  caller: Caller,
  ip: string,
  limitClass: RateLimitClass,
  env: RateLimitSettings,
): { scope: string; limit: RateLimit } | undefined {
  const factor = env.effectiveRateLimitMultiplier() * (limitClass === 'management' ? env.RATE_LIMIT_MANAGEMENT_MULTIPLIER : 1);
  const serverSide = { perSecond: env.RATE_LIMIT_API_KEY_PER_SECOND, perMinute: env.RATE_LIMIT_API_KEY_PER_MINUTE };
  const scale = (l: RateLimit): RateLimit => ({ perSecond: l.perSecond * factor, perMinute: l.perMinute * factor });
  switch (caller.kind) {
    case 'client-id':
      return { scope: `cid:${caller.clientIdId}:${ip}`, limit: scale(TIER_LIMITS[caller.rateTier]) };
    case 'api-key':
      return { scope: `key:${caller.apiKeyId}:${ip}`, limit: scale(serverSide) };
    case 'orchestrator':
      return { scope: `orch:${caller.orchestratorKeyId}:${ip}`, limit: scale(serverSide) };
    case 'session':
      return { scope: `sess:${caller.userId}:${ip}`, limit: scale(serverSide) };
    case 'public':
      if (limitClass === 'sign-in')
        return {
          scope: `sign-in:${ip}`,
          limit: scale({ perSecond: env.RATE_LIMIT_SIGN_IN_PER_SECOND, perMinute: env.RATE_LIMIT_SIGN_IN_PER_MINUTE }),
        };
      return limitClass === 'ip' ? { scope: `ip:${ip}`, limit: scale(serverSide) } : undefined;
  }
}
