import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@payrail/platform';
import { ReconciliationMetrics } from './reconciliation.metrics.js';
import { ReconciliationService } from './reconciliation.service.js';

/** Reconciliation runs: the nightly schedule and the queued runs, executed by one leader replica. */
@Module({ providers: [{ provide: CLOCK, useValue: systemClock }, ReconciliationMetrics, ReconciliationService] })
export class ReconciliationModule {}
