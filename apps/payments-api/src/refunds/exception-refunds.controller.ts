import { Body, Controller, Headers, HttpCode, Param, Post, Res } from '@nestjs/common';
import { type Caller, CurrentCaller, PlatformAuth } from '@payrail/platform';
import type { Response } from 'express';
import type { RefundView } from '../payments/records/refund-view.js';
import { RefundExceptionDto } from './dto/refund-exception.dto.js';
import { ExceptionRefundParam } from './dto/refund.dto.js';
import { ApiExceptionRefundsController, ApiRefundException } from './refunds.openapi.js';
import { RefundException } from './use-cases/refund-exception.use-case.js';

/**
 * POST /v2/exceptions/{id}/refund (issue #35): a payment exception resolved by a refund. Here
 * beside the refunds it creates (features import no other feature); documented with the other
 * exception routes. The platform's API key or a session of its account (the Exceptions screen).
 */
@ApiExceptionRefundsController()
@Controller('v2/exceptions/:id/refund')
export class ExceptionRefundsController {
  constructor(private readonly refundException: RefundException) {}

  @Post()
  @HttpCode(201)
  @PlatformAuth({ cookieWrites: true })
  @ApiRefundException()
  async refund(
    @Param() params: ExceptionRefundParam,
    @Body() body: RefundExceptionDto,
    @CurrentCaller() caller: Caller,
    @Res({ passthrough: true }) res: Response,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<RefundView> {
    const outcome = await this.refundException.execute({ caller, id: params.id, body, idempotencyKey });
    if (outcome.replayed) res.setHeader('Idempotent-Replayed', 'true');
    return outcome.response;
  }
}
