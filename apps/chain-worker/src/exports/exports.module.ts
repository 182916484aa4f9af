import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@payrail/platform';
import { ScheduledExportsService } from './scheduled-exports.service.js';

/** Scheduled accounting exports, delivered by one leader replica. */
@Module({ providers: [{ provide: CLOCK, useValue: systemClock }, ScheduledExportsService] })
export class ScheduledExportsModule {}
