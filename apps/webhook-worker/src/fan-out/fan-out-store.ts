import { Inject, Injectable } from '@nestjs/common';
import {
  type DeliveryRef,
  type NewEventDeliveries,
  type RecipientQuery,
  WebhookDispatchRepository,
  WebhookEndpointsRepository,
} from '@payrail/persistence';
import { type DeliveryToQueue, WebhookDeliveryQueue } from '@payrail/webhooks';
import { DataSource } from 'typeorm';
import { WebhookWorkerEnv } from '../config/webhook-worker.env.js';
import type DataLoader from 'dataloader';
import { batchLoader } from '../shared/batch-loader.js';

/**
 * The fan-out's reads and writes, batched across the domain events in flight: one query
 * finds the recipients of every event that asked in the same turn, one statement writes
 * their deliveries, one Redis round trip queues the jobs (new deliveries WEBHOOK_DELIVERY_BATCH_SIZE
 * to a job: see WebhookDeliveryQueue.enqueueBatched).
 */
@Injectable()
export class FanOutStore {
  private readonly recipients: DataLoader<RecipientQuery, string[]>;
  private readonly creates: DataLoader<NewEventDeliveries, DeliveryRef[]>;
  private readonly enqueues: DataLoader<DeliveryToQueue[], void>;

  constructor(db: DataSource, queue: WebhookDeliveryQueue, @Inject(WebhookWorkerEnv) env: WebhookWorkerEnv) {
    const endpoints = new WebhookEndpointsRepository(db.manager);
    const dispatch = new WebhookDispatchRepository(db.manager);
    this.recipients = batchLoader((queries) => endpoints.activeRecipientsOfMany([...queries]));
    this.creates = batchLoader(async (events) => {
      // A batch may hold the same outbox event twice (a re-run racing the first run): write it once.
      const unique = [...new Map(events.map((e) => [e.outboxEventId, e])).values()];
      const byEvent = await dispatch.createForEvents(unique);
      return events.map((e) => byEvent.get(e.outboxEventId) ?? []);
    });
    this.enqueues = batchLoader<DeliveryToQueue[], void>(async (lists) => {
      await queue.enqueueBatched(lists.flat(), env.WEBHOOK_DELIVERY_BATCH_SIZE);
      return lists.map(() => undefined);
    });
  }

  recipientsOf(query: RecipientQuery): Promise<string[]> {
    return this.recipients.load(query);
  }

  createDeliveries(event: NewEventDeliveries): Promise<DeliveryRef[]> {
    return this.creates.load(event);
  }

  enqueue(deliveries: DeliveryToQueue[]): Promise<void> {
    return deliveries.length === 0 ? Promise.resolve() : this.enqueues.load(deliveries);
  }
}
