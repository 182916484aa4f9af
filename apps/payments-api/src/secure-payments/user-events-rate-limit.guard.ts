import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { applyRateLimitDecision, clientIpBucket, RateLimiter } from '@payrail/platform';
import type { Request, Response } from 'express';
import { PaymentsApiEnv } from '../config/payments-api.env.js';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/**
 * The dedicated limit of the page's user-event reports: USER_EVENTS_PER_MINUTE per payment token
 * and client IP, in the shared Redis limiter (same sliding windows and sustained-breach block as
 * the credential limits). Runs after the global CredentialGuard, so the caller is authenticated
 * and has passed its Client ID limit. A 429 is the spec's error body with Retry-After; the
 * RateLimit-* headers show whichever of the two limits is closer to exhaustion.
 */
@Injectable()
export class UserEventsRateLimit implements CanActivate {
  /** The limiter's key scope: each page route limited this way has its own budget. */
  protected readonly scope: string = 'spev';

  constructor(
    private readonly limiter: RateLimiter,
    @Inject(PaymentsApiEnv) private readonly env: PaymentsApiEnv,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    // Malformed tokens (a 404 anyway) share one scope, so a caller cannot mint Redis keys at will.
    const token = typeof req.params.token === 'string' && ULID.test(req.params.token) ? req.params.token : 'malformed';
    const perMinute = this.env.USER_EVENTS_PER_MINUTE;
    const decision = await this.limiter.consume(`${this.scope}:${token}:${clientIpBucket(req.ip)}`, { perSecond: perMinute, perMinute });
    const shown = Number(res.getHeader('RateLimit-Remaining') ?? Infinity);
    if (!decision.allowed || decision.remaining < shown) applyRateLimitDecision(res, decision, 'user-events');
    return true;
  }
}
