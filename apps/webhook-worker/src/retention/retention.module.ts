import { Module } from '@nestjs/common';
import { RecordPruningJob } from './record-pruning-job.js';
import { RetentionJob } from './retention-job.js';

/**
 * Deletes events, deliveries and attempts past EVENT_RETENTION_DAYS, and expired idempotency
 * keys and old processed payment intents (each job one replica at a time, on its own schedule).
 */
@Module({ providers: [RetentionJob, RecordPruningJob], exports: [RetentionJob, RecordPruningJob] })
export class RetentionModule {}
