import { randomBytes } from 'node:crypto';
import type { RateLimit } from '@payrail/domain';
import type { Redis } from 'ioredis';
import { noRedisTimeShift, type RedisTimeShift } from '../clock.js';
import { SLIDING_WINDOW_SCRIPT } from './sliding-window.lua.js';

/** Log members must be unique across replicas: a random per-process prefix and a counter. */
const MEMBER_PREFIX = randomBytes(8).toString('hex');
let memberSeq = 0;

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
  timeShift: number,
  perSecond: number,
  perMinute: number,
  blockMs: number,
  blockAfter: number,
  rejectionWindowMs: number,
  memberPrefix: string,
  count: number,
) => Promise<[number, number, number, number, number, number, number]>;

/** Requests of one scope and limit waiting for the same round trip. */
interface Batch {
  scope: string;
  limit: RateLimit;
  waiting: { resolve: (d: RateLimitDecision) => void; reject: (e: unknown) => void }[];
}

/** Largest batch sent in one script call (the script passes each member as an argument). */
export const MAX_BATCH = 500;

/**
 * Per-scope limits (per second and per minute, both enforced) shared by every replica
 * through one Redis, atomically. The requests of a scope that reach the limiter in the same
 * event-loop turn share one script call (one round trip for all of them, decided in arrival
 * order exactly as one call each would be); a lone request waits for nothing but that turn.
 * Time is the Redis server's (see sliding-window.lua.ts), not this replica's clock.
 */
export class RateLimiter {
  private readonly command: SlidingWindowCommand;
  private pending = new Map<string, Batch>();
  private flushScheduled = false;

  constructor(
    redis: Redis,
    private readonly keyPrefix: string,
    private readonly block: BlockPolicy,
    private readonly timeShift: RedisTimeShift = noRedisTimeShift,
  ) {
    if (!('payrailSlidingWindow' in redis)) redis.defineCommand('payrailSlidingWindow', { numberOfKeys: 4, lua: SLIDING_WINDOW_SCRIPT });
    const bound = (redis as unknown as { payrailSlidingWindow: SlidingWindowCommand }).payrailSlidingWindow.bind(redis);
    this.command = bound;
  }

  consume(scope: string, limit: RateLimit): Promise<RateLimitDecision> {
    return new Promise((resolve, reject) => {
      const key = `${scope}\u0000${limit.perSecond}\u0000${limit.perMinute}`;
      let batch = this.pending.get(key);
      if (!batch || batch.waiting.length >= MAX_BATCH) {
        if (batch) void this.send(batch); // full: send it now, start another
        batch = { scope, limit, waiting: [] };
        this.pending.set(key, batch);
      }
      batch.waiting.push({ resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    const batches = [...this.pending.values()];
    this.pending = new Map();
    this.flushScheduled = false;
    for (const batch of batches) void this.send(batch);
  }

  private async send(batch: Batch): Promise<void> {
    const base = `${this.keyPrefix}:rl:{${batch.scope}}`;
    try {
      const [admitted, limit, remaining, reset, refusedLimit, refusedReset, blocked] = await this.command(
        `${base}:s`,
        `${base}:m`,
        `${base}:block`,
        `${base}:rejections`,
        this.timeShift(),
        batch.limit.perSecond,
        batch.limit.perMinute,
        this.block.blockSeconds * 1000,
        this.block.afterRejections,
        this.block.windowSeconds * 1000,
        `${MEMBER_PREFIX}:${(memberSeq = (memberSeq + 1) % Number.MAX_SAFE_INTEGER)}`,
        batch.waiting.length,
      );
      batch.waiting.forEach(({ resolve }, i) =>
        resolve(
          i < admitted
            ? { allowed: true, limit, remaining: Math.max(0, remaining - i), resetSeconds: Math.ceil(reset / 1000), blocked: false }
            : { allowed: false, limit: refusedLimit, remaining: 0, resetSeconds: Math.ceil(refusedReset / 1000), blocked: blocked === 1 },
        ),
      );
    } catch (error) {
      for (const { reject } of batch.waiting) reject(error);
    }
  }
}
