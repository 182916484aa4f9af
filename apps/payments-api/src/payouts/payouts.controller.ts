import { Body, Controller, Headers, HttpCode, Post, Res } from '@nestjs/common';
import { Auth, type Caller, CurrentCaller } from '@payrail/platform';
import type { Response } from 'express';
import type { Outcome } from '../payments/idempotency/idempotency.service.js';
import { BatchPayoutDto } from './dto/batch-payout.dto.js';
import { InitiatePayoutDto } from './dto/initiate-payout.dto.js';
import { type BatchPayoutView, InitiateBatchPayout } from './use-cases/initiate-batch-payout.use-case.js';
import { InitiatePayout, type PayoutView } from './use-cases/initiate-payout.use-case.js';
import { ApiPayoutsController, ApiInitiatePayout, ApiInitiateBatchPayout } from './payouts.openapi.js';

/** Marks a replayed idempotent answer and returns the body. */
function answer<T>(outcome: Outcome<T>, res: Response): T {
  if (outcome.replayed) res.setHeader('Idempotent-Replayed', 'true');
  return outcome.response;
}

@ApiPayoutsController()
@Auth('api-key', 'client-id')
@Controller('v2/payouts')
export class PayoutsController {
  constructor(
    private readonly initiatePayout: InitiatePayout,
    private readonly initiateBatchPayout: InitiateBatchPayout,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiInitiatePayout()
  async payRequest(
    @Body() body: InitiatePayoutDto,
    @CurrentCaller() caller: Caller,
    @Res({ passthrough: true }) res: Response,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<PayoutView> {
    return answer(await this.initiatePayout.execute({ caller, body, idempotencyKey }), res);
  }

  @Post('batch')
  @HttpCode(201)
  @ApiInitiateBatchPayout()
  async payBatchRequest(
    @Body() body: BatchPayoutDto,
    @CurrentCaller() caller: Caller,
    @Res({ passthrough: true }) res: Response,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<BatchPayoutView> {
    return answer(await this.initiateBatchPayout.execute({ caller, body, idempotencyKey }), res);
  }
}
