import { Redis } from 'ioredis';
import { testStack, uniqueName } from '@payrail/test-support/stack.js';
import { MAX_BATCH, RateLimiter } from './rate-limiter.js';

/** Counts the script calls this client sends (the Redis server is shared by parallel test files). */
function countScriptCalls(redis: Redis): () => number {
  let calls = 0;
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = (command: { name: string }, ...rest: unknown[]) => {
    if (command.name === 'evalsha' || command.name === 'eval') calls++;
    return (send as (...a: unknown[]) => unknown)(command, ...rest);
  };
  return () => calls;
}

describe('RateLimiter batching (real Redis)', () => {
  const redis = new Redis(testStack().redisUrl);
  const scriptCalls = countScriptCalls(redis);
  const limiter = new RateLimiter(redis, uniqueName('rlb'), { afterRejections: 1000, windowSeconds: 60, blockSeconds: 300 });
  afterAll(async () => redis.quit());

  it('sends the requests of one scope and turn in one script call, decided in arrival order', async () => {
    await limiter.consume('warm-up', { perSecond: 5, perMinute: 100 }); // loads the script (EVALSHA, then EVAL)
    const before = scriptCalls();
    const decisions = await Promise.all(Array.from({ length: 8 }, () => limiter.consume('scope-a', { perSecond: 5, perMinute: 100 })));
    expect(scriptCalls() - before).toBe(1);
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false, false, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([4, 3, 2, 1, 0, 0, 0, 0]);
  });

  it('keeps scopes and limits apart within a turn, and splits batches past the maximum', async () => {
    const before = scriptCalls();
    const [a, b, c] = await Promise.all([
      Promise.all(Array.from({ length: 3 }, () => limiter.consume('scope-b', { perSecond: 2, perMinute: 100 }))),
      Promise.all(Array.from({ length: 3 }, () => limiter.consume('scope-c', { perSecond: 2, perMinute: 100 }))),
      Promise.all(Array.from({ length: MAX_BATCH + 1 }, () => limiter.consume('scope-d', { perSecond: 10_000, perMinute: 100_000 }))),
    ]);
    expect(scriptCalls() - before).toBe(4);
    expect(a.map((d) => d.allowed)).toEqual([true, true, false]);
    expect(b.map((d) => d.allowed)).toEqual([true, true, false]);
    expect(c.every((d) => d.allowed)).toBe(true);
    expect(new Set(c.map((d) => d.remaining)).size).toBe(MAX_BATCH + 1);
  });
});
