import { createHash } from 'node:crypto';
import { PayrailError } from '@payrail/domain';
import { noRedisTimeShift, rateLimitRejections, type RedisTimeShift } from '@payrail/platform';
import type { Redis } from 'ioredis';
import { RESEND_LIMIT_SCRIPT } from './resend-limit.lua.js';

type ResendCommand = (key: string, timeShift: number, limit: number, windowMs: number) => Promise<number>;

/**
 * The per-address limit of `POST /v1/auth/verify-email/resend`: `perWindow` resends per address
 * and window, counted for every address asked about (known or not, verified or not), so the 429
 * says nothing about whether an account exists. The per-IP limit is the route's rate-limit class.
 */
export class ResendLimiter {
  private readonly command: ResendCommand;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly policy: { perWindow: number; windowMs: number },
    private readonly timeShift: RedisTimeShift = noRedisTimeShift,
  ) {
    if (!('payrailResendLimit' in redis)) redis.defineCommand('payrailResendLimit', { numberOfKeys: 1, lua: RESEND_LIMIT_SCRIPT });
    this.command = (redis as unknown as { payrailResendLimit: ResendCommand }).payrailResendLimit.bind(redis);
  }

  /** Counts a resend for `email`, or answers 429 with Retry-After when its window is used up. */
  async consume(email: string): Promise<void> {
    const address = createHash('sha256').update(email).digest('hex').slice(0, 32);
    const waitMs = await this.command(
      `${this.prefix}:verify-resend:{${address}}`,
      this.timeShift(),
      this.policy.perWindow,
      this.policy.windowMs,
    );
    if (waitMs > 0) rateLimitRejections.inc({ class: 'email-resend' });
    if (waitMs > 0)
      throw new PayrailError('RATE_LIMITED', 'Too many verification e-mails asked for this address; try again later', {
        retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
      });
  }
}
