import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@payrail/platform';
import { PeriodIssuer } from './period-issuer.service.js';

/** Recurring invoices: the loop that issues each period's request when it starts. */
@Module({ providers: [{ provide: CLOCK, useValue: systemClock }, PeriodIssuer], exports: [PeriodIssuer] })
export class InvoicesModule {}
