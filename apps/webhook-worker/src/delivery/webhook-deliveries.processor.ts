import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { retryDelayMs } from '@payrail/domain';
import { observeDeliveryAttempt, QUEUES, type WebhookDeliveryJob } from '@payrail/platform';
import { type Job, UnrecoverableError, type Worker } from 'bullmq';
import { WebhookWorkerEnv } from '../config/webhook-worker.env.js';
import { DeliverWebhook } from './deliver-webhook.use-case.js';
import { WebhookHttpSender } from './http-sender.js';
import { startWorker } from '../shared/bullmq-worker.js';

/** The attempt failed; BullMQ retries the job after the spec's delay, or fails it after the last attempt. */
class DeliveryAttemptFailed extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'DeliveryAttemptFailed';
  }
}

/**
 * Consumes `webhook-deliveries`: one attempt per job run; a failed attempt throws, so BullMQ
 * schedules the next one 1 s, 5 s, then 15 s later (the custom backoff below) and keeps the
 * job in the failed set after the fourth.
 */
@Injectable()
export class WebhookDeliveriesProcessor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WebhookDeliveriesProcessor.name);
  private worker: Worker<WebhookDeliveryJob> | undefined;

  constructor(
    private readonly deliver: DeliverWebhook,
    private readonly sender: WebhookHttpSender,
    @Inject(WebhookWorkerEnv) private readonly env: WebhookWorkerEnv,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = startWorker<WebhookDeliveryJob>(
      QUEUES.webhookDeliveries,
      this.env,
      (job) => this.process(job),
      {
        concurrency: this.env.WEBHOOK_DELIVERY_CONCURRENCY,
        settings: { backoffStrategy: (attemptsMade: number) => retryDelayMs(attemptsMade) },
      },
      this.logger,
    );
  }

  /** SIGTERM: stop taking jobs, let in-flight attempts finish and be recorded, then close connections. */
  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
    await this.sender.close();
  }

  private async process(job: Job<WebhookDeliveryJob>): Promise<string> {
    const outcome = await this.deliver.execute({
      deliveryId: job.data.deliveryId,
      round: job.data.round,
      attemptsMade: job.attemptsMade,
      maxAttempts: job.opts.attempts ?? 1,
      requestId: job.data.requestId ?? null,
    });
    observeDeliveryAttempt(job, outcome.kind);
    if (outcome.kind === 'failed') throw new DeliveryAttemptFailed(outcome.reason);
    // A test that sent nothing must not count as sent.
    if (outcome.kind === 'skipped' && job.data.test) throw new UnrecoverableError(outcome.reason);
    return outcome.kind;
  }
}
