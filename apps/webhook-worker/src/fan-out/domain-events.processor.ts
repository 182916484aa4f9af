import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { type DomainEventJob, QUEUES } from '@payrail/platform';
import type { Job, Worker } from 'bullmq';
import { WebhookWorkerEnv } from '../config/webhook-worker.env.js';
import { FanOutEvent } from './fan-out-event.use-case.js';
import { startWorker } from '../shared/bullmq-worker.js';

/** Consumes `domain-events` (fed by the outbox relay) and fans each webhook event out to its endpoints. */
@Injectable()
export class DomainEventsProcessor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DomainEventsProcessor.name);
  private worker: Worker<DomainEventJob> | undefined;

  constructor(
    private readonly fanOut: FanOutEvent,
    @Inject(WebhookWorkerEnv) private readonly env: WebhookWorkerEnv,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = startWorker<DomainEventJob>(
      QUEUES.domainEvents,
      this.env,
      (job) => this.process(job),
      {
        concurrency: this.env.WEBHOOK_FANOUT_CONCURRENCY,
      },
      this.logger,
    );
  }

  /** Runs before the database and queues close: in-flight fan-outs finish first. */
  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }

  private async process(job: Job<DomainEventJob>) {
    return this.fanOut.execute(job.data);
  }
}
