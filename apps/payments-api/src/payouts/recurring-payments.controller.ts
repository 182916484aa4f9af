import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { Auth, type Caller, CurrentCaller, PresentedWalletProof } from '@payrail/platform';
import type { WalletProof } from '@payrail/permits';
import { ActivateRecurringDto, UpdateRecurringDto } from './dto/recurring.dto.js';
import { ActivateRecurringPayment, type ActivationView } from './use-cases/activate-recurring-payment.use-case.js';
import { GetRecurringPayment } from './use-cases/get-recurring-payment.use-case.js';
import { type RecurringUpdateView, UpdateRecurringPayment } from './use-cases/update-recurring-payment.use-case.js';
import type { RecurringStatusView } from './recurring/recurring-status.view.js';
import {
  ApiRecurringPaymentsController,
  ApiActivateRecurring,
  ApiRecurringStatus,
  ApiUpdateRecurring,
} from './recurring-payments.openapi.js';

@ApiRecurringPaymentsController()
@Auth('api-key', 'client-id', 'session')
@Controller('v2/payouts/recurring')
export class RecurringPaymentsController {
  constructor(
    private readonly activate: ActivateRecurringPayment,
    private readonly get: GetRecurringPayment,
    private readonly update: UpdateRecurringPayment,
  ) {}

  @Post(':id')
  @HttpCode(201)
  @ApiActivateRecurring()
  activateRecurring(@Param('id') id: string, @Body() body: ActivateRecurringDto, @CurrentCaller() caller: Caller): Promise<ActivationView> {
    return this.activate.execute({ caller, id, permitSignature: body.permitSignature });
  }

  @Get(':id')
  @ApiRecurringStatus()
  status(@Param('id') id: string, @CurrentCaller() caller: Caller): Promise<RecurringStatusView> {
    return this.get.execute({ caller, id });
  }

  @Patch(':id')
  @HttpCode(200)
  @ApiUpdateRecurring()
  updateRecurring(
    @Param('id') id: string,
    @Body() body: UpdateRecurringDto,
    @CurrentCaller() caller: Caller,
    @PresentedWalletProof() proof: WalletProof | undefined,
  ): Promise<RecurringUpdateView> {
    return this.update.execute({ caller, id, action: body.action, proof });
  }
}
