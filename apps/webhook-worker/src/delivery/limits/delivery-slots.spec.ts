import type { WebhookWorkerEnv } from '../../config/webhook-worker.env.js';
import { DeliverySlots } from './delivery-slots.js';

const slotsOf = (n: number) => new DeliverySlots({ WEBHOOK_DELIVERY_CONCURRENCY: n } as WebhookWorkerEnv);

describe('DeliverySlots', () => {
  it('lets WEBHOOK_DELIVERY_CONCURRENCY attempts run and makes the next wait for a release, first come first served', async () => {
    const slots = slotsOf(2);
    const [a, b] = await Promise.all([slots.acquire(), slots.acquire()]);
    const order: string[] = [];
    const c = slots.acquire().then((r) => (order.push('c'), r));
    const d = slots.acquire().then((r) => (order.push('d'), r));
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual([]);
    a();
    a(); // a second release of the same slot frees nothing more
    await c;
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['c']);
    b();
    await d;
    expect(order).toEqual(['c', 'd']);
  });
});
