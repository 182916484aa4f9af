import { randomBytes } from 'node:crypto';

/** Log members must be unique across replicas: a random per-process prefix and a counter. */
const MEMBER_PREFIX = randomBytes(8).toString('hex');
let memberSeq = 0;
import type { RateLimit } from '@payrail/domain';
import type { Redis } from 'ioredis';
import type { Clock } from '../clock.js';
import { SLIDING_WINDOW_SCRIPT } from './sliding-window.lua.js';

export interface RateLimitDecision {
  allowed: boolean;
  /** The quota of the window closest to exhaustion. */
  limit: number;
  remaining: number;
  /** Seconds until that window frees a slot (or the block ends). */
  resetSeconds: number;
  blocked: boolean;
}

export interface BlockPolicy {
  afterRejections: number;
  windowSeconds: number;
  blockSeconds: number;
}

type SlidingWindowCommand = (
  k1: string,
  k2: string,
  k3: string,
  k4: string,
  now: number,
  perSecond: number,
  perMinute: number,
  blockMs: number,
  blockAfter: number,
  rejectionWindowMs: number,
  member: string,
) => Promise<[number, number, number, number, number]>;

/**
 * Per-scope limits (per second and per minute, both enforced) shared by every replica
 * through one Redis, atomically, in one round trip per request.
 */
export class RateLimiter {
  private readonly command: SlidingWindowCommand;

  constructor(
    redis: Redis,
    private readonly keyPrefix: string,
    private readonly clock: Clock,
    private readonly block: BlockPolicy,
  ) {
    if (!('payrailSlidingWindow' in redis)) redis.defineCommand('payrailSlidingWindow', { numberOfKeys: 4, lua: SLIDING_WINDOW_SCRIPT });
    const bound = (redis as unknown as { payrailSlidingWindow: SlidingWindowCommand }).payrailSlidingWindow.bind(redis);
    this.command = bound;
  }

  async consume(scope: string, limit: RateLimit): Promise<RateLimitDecision> {
    const base = `${this.keyPrefix}:rl:{${scope}}`;
    const now = this.clock.now();
    const [allowed, quota, remaining, resetMs, blocked] = await this.command(
      `${base}:s`,
      `${base}:m`,
      `${base}:block`,
      `${base}:rejections`,
      now,
      limit.perSecond,
      limit.perMinute,
      this.block.blockSeconds * 1000,
      this.block.afterRejections,
      this.block.windowSeconds * 1000,
      `${now}:${MEMBER_PREFIX}:${(memberSeq = (memberSeq + 1) % Number.MAX_SAFE_INTEGER)}`,
    );
    return {
      allowed: allowed === 1,
      limit: quota,
      remaining: Math.max(0, remaining),
      resetSeconds: Math.ceil(resetMs / 1000),
      blocked: blocked === 1,
    };
  }
}
