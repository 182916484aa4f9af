import { Injectable, Logger } from '@nestjs/common';
import type { PublishedDomainEvent } from '@payrail/domain';
import { BullmqEventPublisher, type EventPublisher } from '@payrail/platform';
import { FanOutEvent } from './fan-out-event.use-case.js';
import { traceFanOut } from './fan-out-tracing.js';

/**
 * The relay's publisher in the webhook worker: fans each batch of outbox events out at once,
 * while the relay's partition transaction is open (before the rows are marked published), so an
 * event costs no `domain-events` job of its own. The deliveries are written on the pool's own
 * connections, not in the relay's transaction: they stay if it rolls back. Idempotent per outbox
 * id like the fan-out: a batch published again (relay killed before its commit) finds its
 * deliveries and queues no new job. An event whose fan-out failed goes to the `domain-events` queue instead, where
 * DomainEventsProcessor retries it with backoff (10 attempts, then the failed set), so one
 * failing event never holds up its partition. If that publish fails too, the relay's
 * transaction rolls back and the batch is relayed again.
 */
@Injectable()
export class FanOutPublisher implements EventPublisher {
  private readonly logger = new Logger(FanOutPublisher.name);

  constructor(
    private readonly fanOut: FanOutEvent,
    private readonly queue: BullmqEventPublisher,
  ) {}

  async publish(events: PublishedDomainEvent[]): Promise<void> {
    // Concurrent calls: the fan-out's store batches their queries and job inserts.
    const results = await Promise.allSettled(events.map((event) => traceFanOut(event, () => this.fanOut.execute(event))));
    const failed = events.filter((_, i) => results[i].status === 'rejected');
    if (failed.length === 0) return;
    const reason = (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason as Error;
    this.logger.warn(
      { outboxIds: failed.map((e) => e.outboxId), err: reason },
      `fan-out of ${failed.length} event(s) failed; queued on domain-events for retries`,
    );
    await this.queue.publish(failed);
  }
}
