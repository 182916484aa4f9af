import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module.js';
import { ExportsController } from './exports.controller.js';
import { ExportPayments } from './use-cases/export-payments.use-case.js';
import { ExportSchedules } from './use-cases/export-schedules.use-case.js';

/** /v2/exports: accounting exports of the platform's payments (on the exports' own pool) and their schedules. */
@Module({
  imports: [PaymentsModule],
  controllers: [ExportsController],
  providers: [ExportPayments, ExportSchedules],
})
export class ExportsModule {}
