import { Module } from '@nestjs/common';
import { FieldCipher, parseCipherKeys } from '@payrail/platform';
import { PaymentsApiEnv } from '../config/payments-api.env.js';
import { RequestController } from './request.controller.js';
import { CUSTOMER_INFO_CIPHER } from './request.tokens.js';
import { GetRequest } from './use-cases/get-request.use-case.js';

/** GET /v2/request/{requestId}, and the cipher of the requests' customerInfo (exported to payouts, which write it). */
@Module({
  controllers: [RequestController],
  providers: [
    {
      provide: CUSTOMER_INFO_CIPHER,
      inject: [PaymentsApiEnv],
      useFactory: (env: PaymentsApiEnv) =>
        new FieldCipher(parseCipherKeys(env.PII_ENCRYPTION_KEYS, 'request-customer-info'), 'request-customer-info'),
    },
    GetRequest,
  ],
  exports: [CUSTOMER_INFO_CIPHER],
})
export class RequestModule {}
