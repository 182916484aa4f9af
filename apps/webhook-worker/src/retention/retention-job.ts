import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { RETAINED_KINDS, type RetainedKind, RetentionRepository } from '@payrail/persistence';
import { PollingLoop } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { WebhookWorkerEnv } from '../config/webhook-worker.env.js';
import { underSessionLock } from './session-lock.js';

export type RetentionPass = { ran: false } | { ran: true; deleted: Record<RetainedKind, number>; batches: number };

/**
 * Deletes events, deliveries and attempts older than EVENT_RETENTION_DAYS. Every replica tries a
 * pass every EVENT_RETENTION_INTERVAL_MS; the one that takes the Postgres session advisory lock
 * runs it, the others skip. A pass deletes in batches of EVENT_RETENTION_BATCH_SIZE rows, each
 * statement its own short transaction that skips rows others hold, until nothing old is left.
 */
@Injectable()
export class RetentionJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RetentionJob.name);
  private stopping = false;
  private readonly loop: PollingLoop;

  constructor(
    private readonly db: DataSource,
    @Inject(WebhookWorkerEnv) private readonly env: WebhookWorkerEnv,
  ) {
    this.loop = new PollingLoop({
      intervalMs: env.EVENT_RETENTION_INTERVAL_MS,
      pass: async () => (await this.runPass(), false),
      logger: this.logger,
      failureMessage: 'retention pass failed; retrying later',
    });
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.loop.stop();
  }

  /** One pass if no other replica is running one; `ran: false` otherwise. */
  async runPass(): Promise<RetentionPass> {
    return (await underSessionLock(this.db, 'event-retention', (m) => this.deleteAll(new RetentionRepository(m)))) ?? { ran: false };
  }

  private async deleteAll(repo: RetentionRepository): Promise<RetentionPass> {
    const deleted: Record<RetainedKind, number> = { attempts: 0, deliveries: 0, events: 0 };
    let batches = 0;
    for (const kind of RETAINED_KINDS) {
      for (;;) {
        if (this.stopping) break; // shutting down: the next start goes on
        const n = await repo.deleteBatch(kind, this.env.EVENT_RETENTION_DAYS, this.env.EVENT_RETENTION_BATCH_SIZE);
        batches += 1;
        deleted[kind] += n;
        if (n < this.env.EVENT_RETENTION_BATCH_SIZE) break;
      }
    }
    if (deleted.attempts + deleted.deliveries + deleted.events > 0)
      this.logger.log({ deleted, batches }, 'retention pass deleted old rows');
    return { ran: true, deleted, batches };
  }
}
