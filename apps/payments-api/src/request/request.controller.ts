import { Body, Controller, Get, Headers, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { Auth, type Caller, CurrentCaller } from '@payrail/platform';
import type { Response } from 'express';
import { CreateRequestDto } from './dto/create-request.dto.js';
import { PaymentIntentIdParam } from './dto/payment-intent-id.param.js';
import { RequestIdParam } from './dto/request-id.param.js';
import { UpdateRequestDto } from './dto/update-request.dto.js';
import { CreateRequest, type CreatedRequest } from './use-cases/create-request.use-case.js';
import { GetRequest, type RequestRecordView } from './use-cases/get-request.use-case.js';
import { UpdateRequest } from './use-cases/update-request.use-case.js';
import {
  ApiRequestController,
  ApiCreateRequest,
  ApiGetRequestStatus,
  ApiUpdateRequest,
  ApiSendPaymentIntent,
  PAYMENT_INTENTS_NOT_OFFERED,
} from './request.openapi.js';

@ApiRequestController()
@Auth('api-key', 'client-id')
@Controller('v2/request')
export class RequestController {
  constructor(
    private readonly createRequest: CreateRequest,
    private readonly getRequest: GetRequest,
    private readonly updateRequest: UpdateRequest,
  ) {}

  @Post()
  @HttpCode(201)
  // The dashboard creates invoices too ("Create invoice"): a session of the platform's account acts for the platform.
  @Auth('api-key', 'client-id', 'session')
  @ApiCreateRequest()
  async create(
    @Body() body: CreateRequestDto,
    @CurrentCaller() caller: Caller,
    @Res({ passthrough: true }) res: Response,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<CreatedRequest> {
    const outcome = await this.createRequest.execute({ caller, body, idempotencyKey });
    if (outcome.replayed) res.setHeader('Idempotent-Replayed', 'true');
    return outcome.response;
  }

  @Get(':requestId')
  @ApiGetRequestStatus()
  getRequestStatus(@Param() params: RequestIdParam, @CurrentCaller() caller: Caller): Promise<RequestRecordView> {
    return this.getRequest.execute({ caller, requestId: params.requestId });
  }

  @Patch(':requestId')
  @HttpCode(200)
  @ApiUpdateRequest()
  update(@Param() params: RequestIdParam, @Body() body: UpdateRequestDto, @CurrentCaller() caller: Caller): Promise<RequestRecordView> {
    return this.updateRequest.execute({ caller, requestId: params.requestId, isRecurrenceStopped: body.isRecurrenceStopped });
  }

  @Post('payment-intents/:paymentIntentId')
  @ApiSendPaymentIntent()
  sendPaymentIntent(@Param() _params: PaymentIntentIdParam): never {
    throw new PayrailError('VALIDATION_FAILED', PAYMENT_INTENTS_NOT_OFFERED);
  }
}
