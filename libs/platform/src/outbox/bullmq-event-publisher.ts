import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { PublishedDomainEvent } from '@payrail/domain';
import type { Queue } from 'bullmq';
import { DOMAIN_EVENT_RETENTION_SECONDS, domainEventJobId, QUEUES, type DomainEventJob } from '../queues/queues.js';
import type { EventPublisher } from './outbox-relay.js';

/** Publishes outbox events as BullMQ jobs whose id is derived from the outbox id. */
@Injectable()
export class BullmqEventPublisher implements EventPublisher {
  constructor(@InjectQueue(QUEUES.domainEvents) private readonly queue: Queue<DomainEventJob>) {}

  async publish(events: PublishedDomainEvent[]): Promise<void> {
    await this.queue.addBulk(
      events.map((event) => ({
        name: event.type,
        data: event,
        opts: {
          jobId: domainEventJobId(event.outboxId),
          attempts: 10,
          backoff: { type: 'exponential', delay: 1000 },
          removeOnComplete: { age: DOMAIN_EVENT_RETENTION_SECONDS },
          removeOnFail: false,
        },
      })),
    );
  }
}
