/** An endpoint counts as slow once an attempt of it has been in flight this long. */
export const SLOW_AFTER_MS = 500;
/** A slow endpoint's refused job comes back after about its oldest attempt's age, within these bounds (plus jitter). */
const MIN_BACK_OFF_MS = 500;
const MAX_BACK_OFF_MS = 5000;

type Slot = { kind: 'go'; release: () => void } | { kind: 'wait'; ms: number };

interface Endpoint {
  /** Start times of the attempts in flight, oldest first. */
  running: number[];
  waiters: { resolve: (slot: Slot) => void; timer: NodeJS.Timeout }[];
}

/**
 * Attempts in flight per endpoint in this process, at most `max` each. When an endpoint is at
 * its limit, what happens to one more attempt depends on the endpoint's speed:
 * - its attempts are young (a fast receiver): the job waits here for the next free slot
 *   (cheap, no Redis), so a burst to one fast endpoint keeps its throughput;
 * - an attempt of it has run SLOW_AFTER_MS or longer (a slow receiver): the job is refused at
 *   once (and waiters are refused when that happens), to come back later from BullMQ's delayed
 *   set, so the slow endpoint holds at most `max` worker slots and the rest serve others.
 */
export class EndpointSlots {
  private readonly endpoints = new Map<string, Endpoint>();

  acquire(endpointId: string, max: number): Promise<Slot> {
    const endpoint = this.endpoints.get(endpointId) ?? { running: [], waiters: [] };
    this.endpoints.set(endpointId, endpoint);
    if (endpoint.running.length < max) return Promise.resolve(this.take(endpointId, endpoint));
    const oldestAge = Date.now() - endpoint.running[0];
    if (oldestAge >= SLOW_AFTER_MS) return Promise.resolve(this.backOff(oldestAge));
    return new Promise((resolve) => {
      const waiter = {
        resolve,
        // Still waiting when the endpoint turns slow: refused like the jobs that come after.
        timer: setTimeout(() => {
          endpoint.waiters.splice(endpoint.waiters.indexOf(waiter), 1);
          resolve(this.backOff(Date.now() - (endpoint.running[0] ?? Date.now())));
        }, SLOW_AFTER_MS - oldestAge),
      };
      endpoint.waiters.push(waiter);
    });
  }

  private take(endpointId: string, endpoint: Endpoint): Slot {
    const startedAt = Date.now();
    endpoint.running.push(startedAt);
    let released = false;
    return {
      kind: 'go',
      release: () => {
        if (released) return;
        released = true;
        endpoint.running.splice(endpoint.running.indexOf(startedAt), 1);
        const next = endpoint.waiters.shift();
        if (next) {
          clearTimeout(next.timer);
          next.resolve(this.take(endpointId, endpoint));
        } else if (endpoint.running.length === 0) this.endpoints.delete(endpointId);
      },
    };
  }

  private backOff(oldestAge: number): Slot {
    const base = Math.min(MAX_BACK_OFF_MS, Math.max(MIN_BACK_OFF_MS, oldestAge));
    return { kind: 'wait', ms: base + Math.floor(Math.random() * (base / 2)) };
  }
}
