import { Module } from '@nestjs/common';
import { RecurringExecutor } from './recurring-executor.service.js';

/** Recurring payment execution (the relayer); settlement of each payment is detection's. */
@Module({ providers: [RecurringExecutor], exports: [RecurringExecutor] })
export class RecurringModule {}
