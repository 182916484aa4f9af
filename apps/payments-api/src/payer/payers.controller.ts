import { Controller, Get, Param, Query } from '@nestjs/common';
import { CurrentCaller, type PlatformCaller, PlatformAuth } from '@payrail/platform';
import { ListPayersQueryDto, PayerIdParam, PayerPageDto } from './dto/payer-list.dto.js';
import { PaymentDetailsListResponse } from './dto/payment-details.dto.js';
import { ListPaymentDetails } from './use-cases/list-payment-details.use-case.js';
import { ListPayers } from './use-cases/list-payers.use-case.js';
import { ApiPayersController, ApiListPayers, ApiListPayerPaymentDetails } from './payers.openapi.js';

/** The platform's payer compliance records for its dashboard and API (beyond the spec). */
@ApiPayersController()
@PlatformAuth()
@Controller('v2/payers')
export class PayersController {
  constructor(
    private readonly list: ListPayers,
    private readonly details: ListPaymentDetails,
  ) {}

  @Get()
  @ApiListPayers()
  listPayers(@Query() query: ListPayersQueryDto, @CurrentCaller('api-key-or-session') caller: PlatformCaller): Promise<PayerPageDto> {
    return this.list.execute({ platformId: caller.platformId, query });
  }

  @Get(':userId/payment-details')
  @ApiListPayerPaymentDetails()
  listPaymentDetails(
    @Param() params: PayerIdParam,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
  ): Promise<PaymentDetailsListResponse> {
    return this.details.byPayerId({ platformId: caller.platformId, payerId: params.userId });
  }
}
