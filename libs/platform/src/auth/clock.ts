/** Time source of sessions; tests replace it to move time. */
export interface Clock {
  now(): number;
}

export const CLOCK = Symbol('CLOCK');

export const systemClock: Clock = { now: () => Date.now() };

/**
 * Milliseconds added to Redis's own clock by the Redis-timed limiters (rate limits, failed
 * authentications, sign-in back-off). Always 0 outside tests: there is no setting for it. The
 * limiters never read a replica's clock, so replicas whose clocks drift still agree; tests move
 * this shift (the in-process harness ties it to the ManualClock) instead of waiting.
 */
export type RedisTimeShift = () => number;

export const REDIS_TIME_SHIFT = Symbol('REDIS_TIME_SHIFT');

export const noRedisTimeShift: RedisTimeShift = () => 0;
