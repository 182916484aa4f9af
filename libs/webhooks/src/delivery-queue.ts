import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import {
  QUEUES,
  WEBHOOK_BATCH_JOB_NAME,
  WEBHOOK_JOB_RETENTION,
  type WebhookDeliveryBatchJob,
  webhookDeliveryBatchJobId,
  webhookDeliveryJobId,
  type WebhookDeliveryJob,
} from '@payrail/platform';
import type { Job, Queue } from 'bullmq';

export interface DeliveryToQueue extends WebhookDeliveryJob {
  eventType: string;
  /** Run the attempt this long from now (a retry); 0 or absent: at once. */
  delayMs?: number;
}

/** A job that throws unexpectedly (database or Redis trouble, not a receiver's answer) is retried this often. */
export const INFRA_RETRIES = { attempts: 4, backoff: { type: 'exponential', delay: 1000 } } as const;

/**
 * Queues delivery attempts: one job per attempt (Postgres holds the schedule: `next_attempt_at`),
 * jobId from webhookDeliveryJobId (delivery, round, attempt), so queueing the same attempt twice
 * is a no-op while the job is kept (and, once removed, finds its delivery moved on). A receiver's
 * failure is recorded and the next attempt queued by the worker; BullMQ's own retries
 * (INFRA_RETRIES) cover only a job that threw. Recovery-lane attempts go to `webhook-recovery`.
 * Retention: WEBHOOK_JOB_RETENTION.
 */
@Injectable()
export class WebhookDeliveryQueue {
  constructor(
    @InjectQueue(QUEUES.webhookDeliveries) private readonly live: Queue<WebhookDeliveryJob>,
    @InjectQueue(QUEUES.webhookRecovery) private readonly recovery: Queue<WebhookDeliveryJob>,
  ) {}

  /**
   * Queues new live deliveries' first attempts `size` to a job (WebhookDeliveryBatchJob); anything
   * else (retries, manual rounds, tests, the recovery lane, delays), and every delivery when
   * `size` is 1, as single jobs.
   */
  async enqueueBatched(deliveries: DeliveryToQueue[], size: number): Promise<void> {
    const batchable = (d: DeliveryToQueue) => size > 1 && d.round === 0 && !d.attempt && !d.test && d.lane !== 'recovery' && !d.delayMs;
    const batched = deliveries.filter(batchable);
    const batches: WebhookDeliveryJob[][] = [];
    for (let i = 0; i < batched.length; i += size)
      batches.push(batched.slice(i, i + size).map(({ eventType: _type, delayMs: _delay, ...data }) => data));
    await Promise.all([
      this.enqueue(deliveries.filter((d) => !batchable(d))),
      batches.length === 0
        ? undefined
        : (this.live as unknown as Queue<WebhookDeliveryBatchJob>).addBulk(
            batches.map((batch) => ({
              name: WEBHOOK_BATCH_JOB_NAME,
              data: { batch },
              opts: {
                jobId: webhookDeliveryBatchJobId(batch[0].deliveryId),
                ...INFRA_RETRIES,
                removeOnComplete: WEBHOOK_JOB_RETENTION.eventCompleted,
                removeOnFail: { ...WEBHOOK_JOB_RETENTION.failed },
              },
            })),
          ),
    ]);
  }

  async enqueue(deliveries: DeliveryToQueue[]): Promise<Job<WebhookDeliveryJob>[]> {
    if (deliveries.length === 0) return [];
    const live = deliveries.filter((d) => d.lane !== 'recovery');
    const recovery = deliveries.filter((d) => d.lane === 'recovery');
    const queued = await Promise.all([this.add(this.live, live), this.add(this.recovery, recovery)]);
    return queued.flat();
  }

  /** The queue of a lane (the reconciler inspects jobs there). */
  queueOf(lane: 'live' | 'recovery' | undefined): Queue<WebhookDeliveryJob> {
    return lane === 'recovery' ? this.recovery : this.live;
  }

  private async add(queue: Queue<WebhookDeliveryJob>, deliveries: DeliveryToQueue[]): Promise<Job<WebhookDeliveryJob>[]> {
    if (deliveries.length === 0) return [];
    return queue.addBulk(
      deliveries.map(({ eventType, delayMs, ...data }) => ({
        name: eventType,
        data,
        opts: {
          jobId: webhookDeliveryJobId(data.deliveryId, data.round, data.attempt ?? 0),
          ...(delayMs ? { delay: delayMs } : {}),
          ...(data.test ? { attempts: 1 } : INFRA_RETRIES),
          removeOnComplete: data.test ? { ...WEBHOOK_JOB_RETENTION.testCompleted } : WEBHOOK_JOB_RETENTION.eventCompleted,
          removeOnFail: { ...WEBHOOK_JOB_RETENTION.failed },
        },
      })),
    );
  }
}
