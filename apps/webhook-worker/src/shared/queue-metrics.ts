import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { WebhookEndpointsRepository } from '@payrail/persistence';
import { QUEUES, readQueueDepths } from '@payrail/platform';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { WebhookMetrics } from './webhook-metrics.js';

/** Reports the worker's queue depths and the disabled endpoint count at each Prometheus scrape. */
@Injectable()
export class QueueMetrics {
  constructor(
    @InjectQueue(QUEUES.domainEvents) domainEvents: Queue,
    @InjectQueue(QUEUES.webhookDeliveries) deliveries: Queue,
    db: DataSource,
    metrics: WebhookMetrics,
  ) {
    readQueueDepths([domainEvents, deliveries]);
    metrics.readDisabledEndpoints(async () => {
      return [{ labels: {}, value: await new WebhookEndpointsRepository(db.manager).countDisabled() }];
    });
  }
}
