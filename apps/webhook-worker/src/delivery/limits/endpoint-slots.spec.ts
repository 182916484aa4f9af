import { EndpointSlots, SLOW_AFTER_MS } from './endpoint-slots.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('EndpointSlots', () => {
  it('lets up to max attempts of an endpoint run, and other endpoints independently', async () => {
    const slots = new EndpointSlots();
    const a = await Promise.all([slots.acquire('a', 2), slots.acquire('a', 2)]);
    expect(a.map((s) => s.kind)).toEqual(['go', 'go']);
    expect((await slots.acquire('b', 2)).kind).toBe('go');
  });

  it('makes one more attempt of a fast endpoint wait for the next free slot instead of refusing it', async () => {
    const slots = new EndpointSlots();
    const first = await slots.acquire('a', 1);
    const waiting = slots.acquire('a', 1);
    await sleep(20);
    if (first.kind === 'go') first.release();
    expect((await waiting).kind).toBe('go');
  });

  it('refuses attempts of an endpoint whose attempt has run SLOW_AFTER_MS, waiters included, with a back-off of at least 500 ms', async () => {
    const slots = new EndpointSlots();
    await slots.acquire('slow', 1);
    const waiter = slots.acquire('slow', 1);
    const refused = await waiter;
    expect(refused.kind).toBe('wait');
    await sleep(10);
    const later = await slots.acquire('slow', 1);
    expect(later).toEqual({ kind: 'wait', ms: expect.any(Number) });
    expect((later as { ms: number }).ms).toBeGreaterThanOrEqual(500);
    expect(SLOW_AFTER_MS).toBe(500);
  });
});
