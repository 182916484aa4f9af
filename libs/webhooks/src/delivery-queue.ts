import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { WEBHOOK_MAX_ATTEMPTS } from '@payrail/domain';
import { QUEUES, WEBHOOK_BACKOFF, WEBHOOK_JOB_RETENTION, webhookDeliveryJobId, type WebhookDeliveryJob } from '@payrail/platform';
import type { Job, Queue } from 'bullmq';

export interface DeliveryToQueue extends WebhookDeliveryJob {
  eventType: string;
}

/**
 * Queues delivery rounds: one job per (delivery, round), jobId = the delivery ULID (plus
 * `-r<n>` for manual rounds), so queueing the same round twice is a no-op while the job is
 * kept (and, once removed, finds its delivery finished). Event deliveries get 4 attempts with
 * the spec's 1/5/15 s backoff; tests get one. Retention: WEBHOOK_JOB_RETENTION.
 */
@Injectable()
export class WebhookDeliveryQueue {
  constructor(@InjectQueue(QUEUES.webhookDeliveries) private readonly queue: Queue<WebhookDeliveryJob>) {}

  async enqueue(deliveries: DeliveryToQueue[]): Promise<Job<WebhookDeliveryJob>[]> {
    if (deliveries.length === 0) return [];
    return this.queue.addBulk(
      deliveries.map(({ eventType, ...data }) => ({
        name: eventType,
        data,
        opts: {
          jobId: webhookDeliveryJobId(data.deliveryId, data.round),
          attempts: data.test ? 1 : WEBHOOK_MAX_ATTEMPTS,
          backoff: { type: WEBHOOK_BACKOFF },
          removeOnComplete: data.test ? { ...WEBHOOK_JOB_RETENTION.testCompleted } : WEBHOOK_JOB_RETENTION.eventCompleted,
          removeOnFail: { ...WEBHOOK_JOB_RETENTION.failed },
        },
      })),
    );
  }
}
