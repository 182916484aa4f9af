import { Controller, Get, Param, Query } from '@nestjs/common';
import { Auth, type Caller, CurrentCaller } from '@payrail/platform';
import type { BuiltPayout } from '../payments/transactions/single-payout.js';
import { PayRequestQueryDto } from './dto/pay-query.dto.js';
import { RequestIdParam } from './dto/request-id.param.js';
import { RequestRoutesQueryDto } from './dto/routes-query.dto.js';
import { RequestRoutesResponseDto } from './dto/routes-response.dto.js';
import { PayRequest } from './use-cases/pay-request.use-case.js';
import { RequestRoutes } from './use-cases/request-routes.use-case.js';
import { ApiRequestPayController, ApiGetPaymentCalldata, ApiGetRequestPaymentRoutes } from './request-pay.openapi.js';

/**
 * Paying a request (Request Network's request API): the routes Payrail executes for it, and the
 * transactions of one. Same auth and owner rule as GET /v2/request/{requestId}.
 */
@ApiRequestPayController()
@Auth('api-key', 'client-id')
@Controller('v2/request')
export class RequestPayController {
  constructor(
    private readonly pay: PayRequest,
    private readonly routes: RequestRoutes,
  ) {}

  @Get(':requestId/pay')
  @ApiGetPaymentCalldata()
  getPaymentCalldata(
    @Param() params: RequestIdParam,
    @Query() query: PayRequestQueryDto,
    @CurrentCaller() caller: Caller,
  ): Promise<BuiltPayout> {
    return this.pay.execute({ caller, requestId: params.requestId, query });
  }

  @Get(':requestId/routes')
  @ApiGetRequestPaymentRoutes()
  getRequestPaymentRoutes(
    @Param() params: RequestIdParam,
    @Query() query: RequestRoutesQueryDto,
    @CurrentCaller() caller: Caller,
  ): Promise<RequestRoutesResponseDto> {
    return this.routes.execute({ caller, requestId: params.requestId, query });
  }
}
