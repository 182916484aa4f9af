import { Injectable } from '@nestjs/common';
import { DeliverySlots } from './delivery-slots.js';
import { type EndpointLimits, EndpointLimiter } from './endpoint-limiter.js';

/**
 * What one attempt holds while it is in flight: one of this process's delivery slots
 * (DeliverySlots) and, once its endpoint is known, one of the endpoint's (EndpointLimiter: its
 * concurrency here, its rate across replicas). Disposing the lease gives back both, whichever
 * were taken, once: `using lease = await leases.acquire()` frees them on every way out of the
 * send, and the recording that follows holds neither.
 */
export class DeliveryLease implements Disposable {
  private releaseEndpoint: (() => void) | null = null;
  private disposed = false;

  constructor(
    private readonly releaseSlot: () => void,
    private readonly limiter: EndpointLimiter,
  ) {}

  /** Takes the endpoint's limits too: true when the attempt may go, or how long to wait before asking again. */
  async admit(endpoint: EndpointLimits): Promise<{ go: true } | { go: false; waitMs: number }> {
    const decision = await this.limiter.acquire(endpoint);
    if (decision.kind === 'wait') return { go: false, waitMs: decision.ms };
    // Disposed meanwhile (cannot happen under `using`, which disposes after the await): give it straight back.
    if (this.disposed) decision.release();
    else this.releaseEndpoint = decision.release;
    return { go: true };
  }

  [Symbol.dispose](): void {
    if (this.disposed) return;
    this.disposed = true;
    this.releaseEndpoint?.();
    this.releaseSlot();
  }
}

/** Hands out leases: waits (first come, first served) for one of the process's slots. */
@Injectable()
export class DeliveryLeases {
  constructor(
    private readonly slots: DeliverySlots,
    private readonly limiter: EndpointLimiter,
  ) {}

  async acquire(): Promise<DeliveryLease> {
    return new DeliveryLease(await this.slots.acquire(), this.limiter);
  }
}
