import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PRUNED_KINDS, type PrunedKind, RecordPruningRepository } from '@payrail/persistence';
import { PollingLoop } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { WebhookWorkerEnv } from '../config/webhook-worker.env.js';
import { underSessionLock } from './session-lock.js';

export type PruningPass = { ran: false } | { ran: true; deleted: Record<PrunedKind, number>; batches: number };

/**
 * Deletes expired idempotency keys and payment intents processed more than
 * PAYMENT_INTENT_RETENTION_DAYS ago (RecordPruningRepository says what is kept and why). Every
 * replica tries a pass every RECORD_PRUNING_INTERVAL_MS; the one holding the session advisory
 * lock runs it, in batches of RECORD_PRUNING_BATCH_SIZE rows, each its own short transaction.
 */
@Injectable()
export class RecordPruningJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RecordPruningJob.name);
  private stopping = false;
  private readonly loop: PollingLoop;

  constructor(
    private readonly db: DataSource,
    @Inject(WebhookWorkerEnv) private readonly env: WebhookWorkerEnv,
  ) {
    this.loop = new PollingLoop({
      intervalMs: env.RECORD_PRUNING_INTERVAL_MS,
      pass: async () => (await this.runPass(), false),
      logger: this.logger,
      failureMessage: 'record pruning pass failed; retrying later',
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
  async runPass(): Promise<PruningPass> {
    return (await underSessionLock(this.db, 'record-pruning', (m) => this.deleteAll(new RecordPruningRepository(m)))) ?? { ran: false };
  }

  private async deleteAll(repo: RecordPruningRepository): Promise<PruningPass> {
    const deleted: Record<PrunedKind, number> = { 'idempotency-keys': 0, 'payment-intents': 0 };
    const size = this.env.RECORD_PRUNING_BATCH_SIZE;
    let batches = 0;
    for (const kind of PRUNED_KINDS) {
      for (;;) {
        if (this.stopping) break; // shutting down: the next start goes on
        const n = await repo.deleteBatch(kind, this.env.PAYMENT_INTENT_RETENTION_DAYS, size);
        batches += 1;
        deleted[kind] += n;
        if (n < size) break;
      }
    }
    if (deleted['idempotency-keys'] + deleted['payment-intents'] > 0)
      this.logger.log({ deleted, batches }, 'record pruning deleted old rows');
    return { ran: true, deleted, batches };
  }
}
