import { Inject, Injectable } from '@nestjs/common';
import { RETAINED_KINDS, type RetainedKind, RetentionRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { WebhookWorkerEnv } from '../config/webhook-worker.env.js';
import { BatchedPruningJob, type PruningPassOf } from './batched-pruning-job.js';

export type RetentionPass = PruningPassOf<RetainedKind>;

/**
 * Deletes events, deliveries and attempts older than EVENT_RETENTION_DAYS. Every replica tries a
 * pass every EVENT_RETENTION_INTERVAL_MS; the one that takes the Postgres session advisory lock
 * runs it, the others skip. A pass deletes in batches of EVENT_RETENTION_BATCH_SIZE rows, each
 * statement its own short transaction that skips rows others hold, until nothing old is left.
 */
@Injectable()
export class RetentionJob extends BatchedPruningJob<RetainedKind> {
  constructor(db: DataSource, @Inject(WebhookWorkerEnv) env: WebhookWorkerEnv) {
    super(db, {
      lockName: 'event-retention',
      label: 'retention',
      kinds: RETAINED_KINDS,
      intervalMs: env.EVENT_RETENTION_INTERVAL_MS,
      batchSize: env.EVENT_RETENTION_BATCH_SIZE,
      deleteBatch: (m, kind, size) => new RetentionRepository(m).deleteBatch(kind, env.EVENT_RETENTION_DAYS, size),
      deletedMessage: 'retention pass deleted old rows',
      dutyPercent: env.PRUNING_DUTY_PERCENT,
    });
  }
}
