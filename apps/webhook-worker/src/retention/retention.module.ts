import { Module } from '@nestjs/common';
import { RetentionJob } from './retention-job.js';

/** Deletes events, deliveries and attempts past EVENT_RETENTION_DAYS (one replica at a time). */
@Module({ providers: [RetentionJob], exports: [RetentionJob] })
export class RetentionModule {}
