import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import {
  WEBHOOK_BATCH_JOB_NAME,
  type WebhookDeliveryBatchJob,
  webhookDeliveryBatchJobId,
  webhookDeliveryJobId,
  type WebhookDeliveryJob,
} from '@payrail/domain';
import { QUEUES } from '@payrail/platform';
import { type Job, PRIORITY_LIMIT, type Queue } from 'bullmq';

export interface DeliveryToQueue extends WebhookDeliveryJob {
  eventType: string;
  /** Run the attempt this long from now (a retry); 0 or absent: at once. */
  delayMs?: number;
  /** BullMQ priority (lower first): a recovered delivery's rank within its recovery (enqueueRecovery). */
  priority?: number;
}

/**
 * How long BullMQ keeps finished delivery jobs; Postgres holds every delivery and attempt, so
 * Redis keeps only what a job still needs:
 * - a completed event delivery is removed at once (its delivery row already says `succeeded`,
 *   so a job queued again under the same id finds it finished and sends nothing);
 * - a completed test delivery is kept an hour (at most 10,000): the test route reads its outcome;
 * - a failed job (all attempts spent) is kept 7 days for operators, then removed.
 */
export const WEBHOOK_JOB_RETENTION = {
  eventCompleted: true,
  testCompleted: { age: 3600, count: 10000 },
  failed: { age: 7 * 24 * 3600 },
} as const;

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

  /**
   * Queues first attempts of a recovery on the recovery lane, the k-th delivery (from `firstRank`)
   * with BullMQ priority k: the lane takes the lowest rank first, so recoveries of different
   * owners take turns one delivery each (round robin by rank), and one owner's 100,000 do not
   * make another's 10 wait behind them. Retries carry no priority and go first; the reconciler
   * queues a lost first attempt again through here, ranked within its owner's (DeliveryReconciler).
   */
  enqueueRecovery(deliveries: DeliveryToQueue[], firstRank: number): Promise<Job<WebhookDeliveryJob>[]> {
    return this.add(
      this.recovery,
      deliveries.map((d, i) => ({ ...d, lane: 'recovery' as const, priority: Math.min(PRIORITY_LIMIT, firstRank + i + 1) })),
    );
  }

  /**
   * Where a new recovery's ranks start: the lowest rank still waiting on the lane (0 when none),
   * so a recovery that starts while another drains joins the turns where they are now, rather
   * than going before every delivery the other has left.
   */
  async recoveryRankBase(): Promise<number> {
    const [next] = await this.recovery.getPrioritized(0, 0);
    return Math.max(0, (next?.opts.priority ?? 1) - 1);
  }

  /** The queue of a lane (the reconciler inspects jobs there). */
  queueOf(lane: 'live' | 'recovery' | undefined): Queue<WebhookDeliveryJob> {
    return lane === 'recovery' ? this.recovery : this.live;
  }

  private async add(queue: Queue<WebhookDeliveryJob>, deliveries: DeliveryToQueue[]): Promise<Job<WebhookDeliveryJob>[]> {
    if (deliveries.length === 0) return [];
    return queue.addBulk(
      deliveries.map(({ eventType, delayMs, priority, ...data }) => ({
        name: eventType,
        data,
        opts: {
          jobId: webhookDeliveryJobId(data.deliveryId, data.round, data.attempt ?? 0),
          ...(delayMs ? { delay: delayMs } : {}),
          ...(priority ? { priority } : {}),
          ...(data.test ? { attempts: 1 } : INFRA_RETRIES),
          removeOnComplete: data.test ? { ...WEBHOOK_JOB_RETENTION.testCompleted } : WEBHOOK_JOB_RETENTION.eventCompleted,
          removeOnFail: { ...WEBHOOK_JOB_RETENTION.failed },
        },
      })),
    );
  }
}
