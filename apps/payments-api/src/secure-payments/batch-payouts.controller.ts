import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Auth, type Caller, CurrentCaller } from '@payrail/platform';
import { BatchPayoutLinkDto } from './dto/batch-payout-link.dto.js';
import { ApiBatchPayoutsController, ApiCreateBatchPayout } from './secure-payment-relay.openapi.js';
import { CreateBatchPayout, type CreatedBatchPayout } from './use-cases/create-batch-payout.use-case.js';

@ApiBatchPayoutsController()
@Controller('v2/secure-payments/batch-payouts')
export class BatchPayoutsController {
  constructor(private readonly create: CreateBatchPayout) {}

  @Post()
  @HttpCode(201)
  @Auth('api-key', 'client-id', 'session')
  @ApiCreateBatchPayout()
  createBatchPayout(@Body() body: BatchPayoutLinkDto, @CurrentCaller() caller: Caller): Promise<CreatedBatchPayout> {
    return this.create.execute({ caller, body });
  }
}
