import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module.js';
import { RequestReportsController } from './request-reports.controller.js';
import { RequestsController } from './requests.controller.js';
import { ExportRequests } from './use-cases/export-requests.use-case.js';
import { GetRequestDetail } from './use-cases/get-request-detail.use-case.js';
import { ListRequests } from './use-cases/list-requests.use-case.js';
import { RequestVolume } from './use-cases/request-volume.use-case.js';

/** /v2/requests: the platform's requests for its dashboard and API (list, detail, CSV export, volume), customers decrypted. */
@Module({
  imports: [PaymentsModule], // the customerInfo cipher, the export pool
  // Reports first: their fixed paths must be matched before RequestsController's `:requestId`.
  controllers: [RequestReportsController, RequestsController],
  providers: [ListRequests, GetRequestDetail, ExportRequests, RequestVolume],
})
export class RequestsModule {}
