/** Time source of the rate limiter and sessions; tests replace it to move time. */
export interface Clock {
  now(): number;
}

export const CLOCK = Symbol('CLOCK');

export const systemClock: Clock = { now: () => Date.now() };
