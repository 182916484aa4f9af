import { createHash } from 'node:crypto';
import { PayrailError } from '@payrail/domain';
import { clientIpBucket, noRedisTimeShift, rateLimitRejections, type RedisTimeShift } from '@payrail/platform';
import type { Redis } from 'ioredis';
import { LOGIN_BACKOFF_SCRIPT } from './login-backoff.lua.js';

export interface BackoffPolicy {
  /** Attempts of an (account, IP) pair before back-off starts. */
  freeAttempts: number;
  baseMs: number;
  maxMs: number;
  /** A pair's failures are forgotten this long after its last attempt's wait ended. */
  forgetMs: number;
}

type BackoffCommand = (key: string, shift: number, free: number, base: number, cap: number, forget: number) => Promise<number>;

/**
 * Throttles sign-in per (account, client-IP bucket) with exponential back-off: an attacker who
 * guesses from one address slows only their own pair, and the owner (another address) still
 * signs in; no address can lock an account for everyone. The attempt is reserved before the
 * password hash is computed (one Redis script: check and count at once).
 */
export class LoginThrottle {
  private readonly command: BackoffCommand;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly policy: BackoffPolicy,
    private readonly timeShift: RedisTimeShift = noRedisTimeShift,
  ) {
    if (!('payrailLoginBackoff' in redis)) redis.defineCommand('payrailLoginBackoff', { numberOfKeys: 1, lua: LOGIN_BACKOFF_SCRIPT });
    this.command = (redis as unknown as { payrailLoginBackoff: BackoffCommand }).payrailLoginBackoff.bind(redis);
  }

  private key(email: string, ip: string | undefined): string {
    const account = createHash('sha256').update(email).digest('hex').slice(0, 32);
    return `${this.prefix}:login-backoff:{${account}:${clientIpBucket(ip)}}`;
  }

  /** Counts an attempt now, or answers 429 with Retry-After while the pair must wait. */
  async reserve(email: string, ip: string | undefined): Promise<void> {
    const { freeAttempts, baseMs, maxMs, forgetMs } = this.policy;
    const waitMs = await this.command(this.key(email, ip), this.timeShift(), freeAttempts, baseMs, maxMs, forgetMs);
    if (waitMs > 0) rateLimitRejections.inc({ class: 'login-backoff' });
    if (waitMs > 0)
      throw new PayrailError('RATE_LIMITED', 'Too many failed sign-in attempts; try again later', {
        retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
      });
  }

  /** A successful sign-in clears its pair. */
  async reset(email: string, ip: string | undefined): Promise<void> {
    await this.redis.del(this.key(email, ip));
  }
}
