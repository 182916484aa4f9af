import { SetMetadata } from '@nestjs/common';

export const RATE_LIMIT_CLASS_KEY = 'payrail:rate-limit-class';

/**
 * `management`: Client ID management routes, which the spec gives a more relaxed limit.
 * `ip`: public routes (sign-in) limited per client IP with the server-side limits.
 */
export type RateLimitClass = 'standard' | 'management' | 'ip';

export const RateLimitClassOf = (limitClass: RateLimitClass) => SetMetadata(RATE_LIMIT_CLASS_KEY, limitClass);
