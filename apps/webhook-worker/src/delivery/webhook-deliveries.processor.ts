import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { type WebhookDeliveryBatchJob, webhookDeliveryJobId, type WebhookDeliveryJob } from '@payrail/domain';
import { type JobResultFailure, QUEUES, traceJob } from '@payrail/platform';
import { WebhookDeliveryQueue } from '@payrail/webhooks';
import { DelayedError, type Job, UnrecoverableError, type Worker } from 'bullmq';
import { WebhookWorkerEnv } from '../config/webhook-worker.env.js';
import { type AttemptOutcome, DeliverWebhook } from './deliver-webhook.use-case.js';
import { WebhookHttpSender } from './http-sender.js';
import { recoveryLimiter } from './recovery-limiter.js';
import { startWorker } from '../shared/bullmq-worker.js';
import { WebhookMetrics } from '../shared/webhook-metrics.js';

/** The round's last attempt failed: the job fails for good (kept in the failed set, not retried). */
export class DeliveryAttemptFailed extends UnrecoverableError {
  constructor(reason: string) {
    super(reason);
    this.name = 'DeliveryAttemptFailed';
  }
}

type DeliveryQueueJob = WebhookDeliveryJob | WebhookDeliveryBatchJob;

/** A batch job's result: each delivery's outcome by its attempt's job id ('delayed': handed to a job of its own). */
export type BatchResult = Record<string, 'succeeded' | 'retrying' | 'failed' | 'skipped' | 'delayed'>;

/** The job an attempt came in, when it came alone: a busy attempt moves that job itself to the delayed set. */
type SingleJob = { job: Job<WebhookDeliveryJob>; token: string | undefined };

/**
 * Consumes `webhook-deliveries` (live traffic) and `webhook-recovery` (bulk recovery: fewer
 * slots and a rate limit of its own, so it cannot starve live deliveries): one attempt per job,
 * or the first attempts of a batch of new deliveries (issue #24), each attempted on its own.
 * How attempts are scheduled and retried is written once, beside the retry policy (retry-policy.ts).
 */
@Injectable()
export class WebhookDeliveriesProcessor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WebhookDeliveriesProcessor.name);
  private workers: Worker<DeliveryQueueJob>[] = [];

  constructor(
    private readonly deliver: DeliverWebhook,
    private readonly queue: WebhookDeliveryQueue,
    private readonly sender: WebhookHttpSender,
    @Inject(WebhookWorkerEnv) private readonly env: WebhookWorkerEnv,
    private readonly metrics: WebhookMetrics,
  ) {}

  onApplicationBootstrap(): void {
    const process = (job: Job<DeliveryQueueJob>, token?: string) =>
      'batch' in job.data ? this.processBatch(job as Job<WebhookDeliveryBatchJob>) : this.process(job as Job<WebhookDeliveryJob>, token);
    const { env, logger } = this;
    this.workers = [
      startWorker<DeliveryQueueJob>(
        QUEUES.webhookDeliveries,
        env,
        process,
        { concurrency: env.WEBHOOK_DELIVERY_CONCURRENCY },
        logger,
        retryQueued,
      ),
      startWorker<DeliveryQueueJob>(
        QUEUES.webhookRecovery,
        env,
        process,
        { concurrency: env.WEBHOOK_RECOVERY_CONCURRENCY, limiter: recoveryLimiter(env.WEBHOOK_RECOVERY_MAX_PER_SECOND) },
        logger,
        retryQueued,
      ),
    ];
  }

  /** SIGTERM: stop taking jobs, let in-flight attempts finish and be recorded, then close connections. */
  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    await this.sender.close();
  }

  private async process(job: Job<WebhookDeliveryJob>, token: string | undefined): Promise<string> {
    const outcome = await this.attempt(job.data, { job, token });
    if (outcome.kind === 'failed') throw new DeliveryAttemptFailed(outcome.reason);
    // A test that sent nothing must not count as sent.
    if (outcome.kind === 'skipped' && job.data.test) throw new UnrecoverableError(outcome.reason);
    return outcome.kind;
  }

  /**
   * A batch job completes once each of its deliveries was attempted and recorded (or handed on);
   * it fails only on infrastructure errors, and only after every attempt has ended, so BullMQ's
   * retry of the batch never overlaps one in flight (and skips the deliveries already recorded).
   */
  private async processBatch(job: Job<WebhookDeliveryBatchJob>): Promise<BatchResult> {
    const result: BatchResult = {};
    const settled = await Promise.allSettled(
      job.data.batch.map(async (queued) => {
        // A batch holds first attempts only.
        const entry = { ...queued, attempt: queued.attempt ?? 0 };
        const span = {
          id: webhookDeliveryJobId(entry.deliveryId, entry.round, entry.attempt),
          name: job.name,
          data: entry,
          attemptsMade: 0,
        };
        // Each delivery in a span of its own, the child of the fan-out that queued it, as a single job's would be.
        result[entry.deliveryId] = await traceJob(
          QUEUES.webhookDeliveries,
          span,
          async () => {
            const outcome = await this.attempt(entry, null);
            return outcome.kind === 'busy' ? 'delayed' : outcome.kind;
          },
          retryQueued,
        );
      }),
    );
    const failure = settled.find((s) => s.status === 'rejected');
    if (failure) throw failure.reason;
    return result;
  }

  /**
   * One attempt, of a single job or of a batch, and the one place a busy attempt is handled: it
   * waits in BullMQ's delayed set holding no slot (a single job moves there itself; a batch's
   * delivery goes there as a job of its own).
   */
  private async attempt(entry: WebhookDeliveryJob, single: SingleJob | null): Promise<AttemptOutcome> {
    const { deliveryId, round, attempt } = entry;
    const outcome = await this.deliver.execute({
      deliveryId,
      round,
      attempt,
      requestId: entry.requestId ?? null,
      traceparent: entry.traceparent ?? null,
    });
    if (outcome.kind !== 'busy') {
      this.metrics.deliveryAttempt(entry, attempt ?? 0, outcome.kind === 'retrying' ? 'failed' : outcome.kind);
      return outcome;
    }
    if (!single) {
      await this.queue.enqueue([{ ...entry, attempt: attempt ?? 0, eventType: outcome.eventType, delayMs: outcome.ms }]);
      return outcome;
    }
    await single.job.moveToDelayed(Date.now() + outcome.ms, single.token);
    throw new DelayedError();
  }
}

/** A delivery attempt the receiver refused is recorded and retried by a new job: still an error on its span. */
export const retryQueued: JobResultFailure = (result) => (result === 'retrying' ? 'delivery attempt failed; retry queued' : undefined);
