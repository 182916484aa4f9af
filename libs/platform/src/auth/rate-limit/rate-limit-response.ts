import { PayrailError } from '@payrail/domain';
import type { Response } from 'express';
import type { RateLimitDecision } from './rate-limiter.js';
import { rateLimitRejections } from '../../metrics/http.js';

/**
 * Writes a decision's RateLimit-Limit / -Remaining / -Reset headers and, when it refuses,
 * counts and throws RATE_LIMITED (429 in the spec's error shape, with Retry-After from the filter).
 */
export function applyRateLimitDecision(res: Response, decision: RateLimitDecision, limitClass = 'route'): void {
  res.setHeader('RateLimit-Limit', String(decision.limit));
  res.setHeader('RateLimit-Remaining', String(decision.remaining));
  res.setHeader('RateLimit-Reset', String(decision.resetSeconds));
  if (decision.allowed) return;
  rateLimitRejections.inc({ class: limitClass });
  const message = decision.blocked
    ? `Too many requests: blocked for ${decision.resetSeconds} seconds after a sustained breach of the rate limit`
    : 'Too many requests';
  throw new PayrailError('RATE_LIMITED', message, { retryAfterSeconds: Math.max(1, decision.resetSeconds) });
}
