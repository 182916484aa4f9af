import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { type WebhookDeliveryBatchJob, webhookDeliveryJobId, type WebhookDeliveryJob } from '@payrail/domain';
import { type JobResultFailure, QUEUES, traceJob } from '@payrail/platform';
import { DelayedError, type Job, UnrecoverableError, type Worker } from 'bullmq';
import { WebhookWorkerEnv } from '../config/webhook-worker.env.js';
import { type AttemptOutcome, DeliverWebhook } from './deliver-webhook.use-case.js';
import { DeliverWebhookBatch } from './deliver-webhook-batch.use-case.js';
import { WebhookHttpSender } from './http-sender.js';
import { startWorker } from '../shared/bullmq-worker.js';
import { WebhookMetrics } from '../shared/webhook-metrics.js';

/** The round's last attempt failed: the job fails for good (kept in the failed set, not retried). */
/**
 * The recovery lane's limiter: WEBHOOK_RECOVERY_MAX_PER_SECOND as windows of about 50 ms
 * (`max` jobs per `duration`), not one window of a second. With one-second windows a saturated
 * lane starts its second's budget in a burst and then idles until the window ends, so a job that
 * another owner's recovery just queued at the head of the turns waits up to a second for the
 * next window (measured: ~0.25-0.5 s of the 2x fairness budget); short windows bound that wait
 * at ~50 ms at the same rate (issue #29 item 6).
 */
export function recoveryLimiter(perSecond: number): { max: number; duration: number } {
  const max = Math.ceil(perSecond / 20);
  return { max, duration: Math.round((1000 * max) / perSecond) };
}

export class DeliveryAttemptFailed extends UnrecoverableError {
  constructor(reason: string) {
    super(reason);
    this.name = 'DeliveryAttemptFailed';
  }
}

type DeliveryQueueJob = WebhookDeliveryJob | WebhookDeliveryBatchJob;

/** A batch job's result: each delivery's outcome by its attempt's job id ('delayed': handed to a job of its own). */
export type BatchResult = Record<string, 'succeeded' | 'retrying' | 'failed' | 'skipped' | 'delayed'>;

/**
 * Consumes `webhook-deliveries` (live traffic) and `webhook-recovery` (bulk recovery: fewer
 * slots and a rate limit of its own, so it cannot starve live deliveries): one attempt per job,
 * or the first attempts of a batch of new deliveries (DeliverWebhookBatch).
 * Postgres holds the schedule; a failed attempt is recorded with its next due time and the
 * worker queues the next attempt as its own job (see DeliverWebhook), so Redis holds nothing
 * the reconciler could not rebuild. A job refused by its endpoint's limits waits in BullMQ's
 * delayed set without holding a slot.
 */
@Injectable()
export class WebhookDeliveriesProcessor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WebhookDeliveriesProcessor.name);
  private workers: Worker<DeliveryQueueJob>[] = [];

  constructor(
    private readonly deliver: DeliverWebhook,
    private readonly deliverBatch: DeliverWebhookBatch,
    private readonly sender: WebhookHttpSender,
    @Inject(WebhookWorkerEnv) private readonly env: WebhookWorkerEnv,
    private readonly metrics: WebhookMetrics,
  ) {}

  onApplicationBootstrap(): void {
    const process = (job: Job<DeliveryQueueJob>, token?: string) =>
      'batch' in job.data ? this.processBatch(job as Job<WebhookDeliveryBatchJob>) : this.process(job as Job<WebhookDeliveryJob>, token);
    this.workers = [
      startWorker<DeliveryQueueJob>(
        QUEUES.webhookDeliveries,
        this.env,
        process,
        { concurrency: this.env.WEBHOOK_DELIVERY_CONCURRENCY },
        this.logger,
        retryQueued,
      ),
      startWorker<DeliveryQueueJob>(
        QUEUES.webhookRecovery,
        this.env,
        process,
        {
          concurrency: this.env.WEBHOOK_RECOVERY_CONCURRENCY,
          limiter: recoveryLimiter(this.env.WEBHOOK_RECOVERY_MAX_PER_SECOND),
        },
        this.logger,
        retryQueued,
      ),
    ];
  }

  /** SIGTERM: stop taking jobs, let in-flight attempts finish and be recorded, then close connections. */
  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    await this.sender.close();
  }

  /** A batch job completes once each of its deliveries was attempted and recorded (or handed on); it fails only on infrastructure errors. */
  private async processBatch(job: Job<WebhookDeliveryBatchJob>): Promise<BatchResult> {
    const result: BatchResult = {};
    await this.deliverBatch.execute(job.data.batch, async (entry, attempt) => {
      const ended: { outcome?: AttemptOutcome } = {};
      const id = webhookDeliveryJobId(entry.deliveryId, entry.round, entry.attempt ?? 0);
      // Each delivery in a span of its own, the child of the fan-out that queued it, as a single job's would be.
      const kind = await traceJob(
        QUEUES.webhookDeliveries,
        { id, name: job.name, data: entry, attemptsMade: 0 },
        async () => {
          ended.outcome = await attempt();
          return ended.outcome.kind === 'busy' ? 'delayed' : ended.outcome.kind;
        },
        retryQueued,
      );
      result[entry.deliveryId] = kind;
      const outcome = ended.outcome ?? { kind: 'skipped', reason: 'not attempted' };
      if (outcome.kind !== 'busy') this.metrics.deliveryAttempt(entry, entry.attempt ?? 0, metricOutcome(outcome));
      return outcome;
    });
    return result;
  }

  private async process(job: Job<WebhookDeliveryJob>, token: string | undefined): Promise<string> {
    const outcome = await this.deliver.execute({
      deliveryId: job.data.deliveryId,
      round: job.data.round,
      attempt: job.data.attempt,
      requestId: job.data.requestId ?? null,
      traceparent: job.data.traceparent ?? null,
    });
    if (outcome.kind === 'busy') {
      await job.moveToDelayed(Date.now() + outcome.ms, token);
      throw new DelayedError();
    }
    this.metrics.deliveryAttempt(job.data, job.data.attempt ?? 0, metricOutcome(outcome));
    if (outcome.kind === 'failed') throw new DeliveryAttemptFailed(outcome.reason);
    // A test that sent nothing must not count as sent.
    if (outcome.kind === 'skipped' && job.data.test) throw new UnrecoverableError(outcome.reason);
    return outcome.kind;
  }
}

/** A delivery attempt the receiver refused is recorded and retried by a new job: still an error on its span. */
export const retryQueued: JobResultFailure = (result) => (result === 'retrying' ? 'delivery attempt failed; retry queued' : undefined);

const metricOutcome = (outcome: Exclude<AttemptOutcome, { kind: 'busy' }>) => (outcome.kind === 'retrying' ? 'failed' : outcome.kind);
