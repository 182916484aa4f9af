import { Redis } from 'ioredis';
import type { WebhookWorkerEnv } from '../../config/webhook-worker.env.js';
import { DeliveryLeases } from './delivery-lease.js';
import { DeliverySlots } from './delivery-slots.js';
import { EndpointLimiter } from './endpoint-limiter.js';

// One process slot, one attempt per endpoint, no rate limit (so Redis is never asked: the client never connects).
const env = {
  WEBHOOK_DELIVERY_CONCURRENCY: 1,
  WEBHOOK_ENDPOINT_MAX_CONCURRENCY: 1,
  WEBHOOK_ENDPOINT_MAX_PER_SECOND: 0,
  WEBHOOK_MAX_ENDPOINT_SHARE: 1,
  QUEUE_PREFIX: 'lease-spec',
} as unknown as WebhookWorkerEnv;
const endpoint = { id: 'ep-1', maxConcurrency: null, maxPerSecond: null };
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('DeliveryLease: the process slot and the endpoint limit, given back together', () => {
  const redis = new Redis({ lazyConnect: true });
  const leases = new DeliveryLeases(new DeliverySlots(env), new EndpointLimiter(redis, env));
  afterAll(() => redis.disconnect());

  it('gives back the slot and the endpoint limit when the `using` block ends, on a return or a throw', async () => {
    const send = async (fail: boolean) => {
      using lease = await leases.acquire();
      expect(await lease.admit(endpoint)).toEqual({ go: true });
      if (fail) throw new Error('receiver exploded');
      return 'sent';
    };
    await expect(send(true)).rejects.toThrow('receiver exploded');
    // Were the endpoint's one attempt still held, this admit would be refused (wait), not granted.
    expect(await send(false)).toBe('sent');
    expect(await send(false)).toBe('sent');
  });

  it('makes the next attempt wait for the slot, and frees it once however often it is disposed', async () => {
    const first = await leases.acquire();
    let second: Disposable | undefined;
    void leases.acquire().then((lease) => (second = lease));
    await turn();
    expect(second).toBeUndefined();
    first[Symbol.dispose]();
    first[Symbol.dispose]();
    await turn();
    expect(second).toBeDefined();
    let third: Disposable | undefined;
    void leases.acquire().then((lease) => (third = lease));
    await turn();
    expect(third).toBeUndefined();
    second![Symbol.dispose]();
    await turn();
    third![Symbol.dispose]();
  });
});
