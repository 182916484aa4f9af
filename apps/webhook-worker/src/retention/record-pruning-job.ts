import { Inject, Injectable } from '@nestjs/common';
import { PRUNED_KINDS, type PrunedKind, RecordPruningRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { WebhookWorkerEnv } from '../config/webhook-worker.env.js';
import { BatchedPruningJob, type PruningPassOf } from './batched-pruning-job.js';

export type PruningPass = PruningPassOf<PrunedKind>;

/**
 * Deletes expired idempotency keys and payment intents processed more than
 * PAYMENT_INTENT_RETENTION_DAYS ago (RecordPruningRepository says what is kept and why). Every
 * replica tries a pass every RECORD_PRUNING_INTERVAL_MS; the one holding the session advisory
 * lock runs it, in batches of RECORD_PRUNING_BATCH_SIZE rows, each its own short transaction.
 */
@Injectable()
export class RecordPruningJob extends BatchedPruningJob<PrunedKind> {
  constructor(db: DataSource, @Inject(WebhookWorkerEnv) env: WebhookWorkerEnv) {
    super(db, {
      lockName: 'record-pruning',
      label: 'record pruning',
      kinds: PRUNED_KINDS,
      intervalMs: env.RECORD_PRUNING_INTERVAL_MS,
      batchSize: env.RECORD_PRUNING_BATCH_SIZE,
      deleteBatch: (m, kind, size) => new RecordPruningRepository(m).deleteBatch(kind, env.PAYMENT_INTENT_RETENTION_DAYS, size),
      deletedMessage: 'record pruning deleted old rows',
      dutyPercent: env.PRUNING_DUTY_PERCENT,
    });
  }
}
