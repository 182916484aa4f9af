import { Module } from '@nestjs/common';
import { RecurringExecutor } from './recurring-executor.service.js';
import { RecurringMetrics } from './recurring.metrics.js';

/** Recurring payment execution (the relayer); settlement of each payment is detection's. */
@Module({ providers: [RecurringExecutor, RecurringMetrics], exports: [RecurringExecutor] })
export class RecurringModule {}
