import { SetMetadata } from '@nestjs/common';

export const RATE_LIMIT_CLASS_KEY = 'payrail:rate-limit-class';

/**
 * `management`: Client ID management routes, which the spec gives a more relaxed limit.
 * `ip`: public routes limited per client IP with the server-side limits.
 * `sign-in`: wallet challenge, register and login: one low per-IP limit shared by those routes
 * (RATE_LIMIT_SIGN_IN_PER_SECOND / _PER_MINUTE), so one address cannot mass-create accounts,
 * spray passwords or flood challenges.
 */
export type RateLimitClass = 'standard' | 'management' | 'ip' | 'sign-in';

export const RateLimitClassOf = (limitClass: RateLimitClass) => SetMetadata(RATE_LIMIT_CLASS_KEY, limitClass);
