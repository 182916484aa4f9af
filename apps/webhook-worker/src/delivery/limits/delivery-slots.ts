import { Inject, Injectable } from '@nestjs/common';
import { WebhookWorkerEnv } from '../../config/webhook-worker.env.js';

/**
 * Delivery attempts in flight in this process, at most WEBHOOK_DELIVERY_CONCURRENCY. BullMQ's
 * concurrency counts jobs, and a batch job holds many deliveries: every attempt, of a single job
 * or of a batch, takes one of these slots first (waiting in FIFO order when none is free).
 */
@Injectable()
export class DeliverySlots {
  private free: number;
  private readonly waiters: (() => void)[] = [];

  constructor(@Inject(WebhookWorkerEnv) env: WebhookWorkerEnv) {
    this.free = env.WEBHOOK_DELIVERY_CONCURRENCY;
  }

  /** Resolves with the slot's release once a slot is free. */
  async acquire(): Promise<() => void> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiters.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // Handed straight to the next waiter, so a newcomer cannot overtake it.
      const next = this.waiters.shift();
      if (next) next();
      else this.free++;
    };
  }
}
