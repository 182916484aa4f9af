import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { sqlOne } from '@payrail/persistence';
import { QUEUES, readQueueDepths, webhookEndpointsDisabled } from '@payrail/platform';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';

/** Reports the worker's queue depths and the disabled endpoint count at each Prometheus scrape. */
@Injectable()
export class QueueMetrics {
  constructor(
    @InjectQueue(QUEUES.domainEvents) domainEvents: Queue,
    @InjectQueue(QUEUES.webhookDeliveries) deliveries: Queue,
    db: DataSource,
  ) {
    readQueueDepths([domainEvents, deliveries]);
    webhookEndpointsDisabled.readFrom(async () => {
      const row = await sqlOne<{ n: number }>(db, 'SELECT count(*)::int AS n FROM webhook_endpoints WHERE NOT is_active');
      return [{ labels: {}, value: row?.n ?? 0 }];
    });
  }
}
