import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { type ApiKeyCaller, Auth, CurrentCaller, tolerantBodyPipe } from '@payrail/platform';
import { CreatePaymentDetailsDto, PaymentDetailsQueryDto } from './dto/payment-details.dto.js';
import { ApiCreatePaymentDetails, ApiListPaymentDetails, ApiPaymentDetailsController } from './payment-details.openapi.js';
import { CreatePaymentDetails } from './use-cases/create-payment-details.use-case.js';
import { ListPaymentDetails } from './use-cases/list-payment-details.use-case.js';

/** A payer's payment details (the payee's bank account for crypto-to-fiat): Request Network's routes. */
@ApiPaymentDetailsController()
@Auth('api-key')
@Controller('v2/payer/:clientUserId/payment-details')
export class PaymentDetailsController {
  constructor(
    private readonly create: CreatePaymentDetails,
    private readonly list: ListPaymentDetails,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiCreatePaymentDetails()
  createPaymentDetails(
    @Param('clientUserId') clientUserId: string,
    // Typed `object` so the global pipe leaves it: unknown keys are dropped here, not refused.
    @Body(tolerantBodyPipe(CreatePaymentDetailsDto)) details: object,
    @CurrentCaller('api-key') caller: ApiKeyCaller,
  ) {
    return this.create.execute({ platformId: caller.platformId, clientUserId, details: details as CreatePaymentDetailsDto });
  }

  @Get()
  @ApiListPaymentDetails()
  listPaymentDetails(
    @Param('clientUserId') clientUserId: string,
    @Query() query: PaymentDetailsQueryDto,
    @CurrentCaller('api-key') caller: ApiKeyCaller,
  ) {
    return this.list.execute({ platformId: caller.platformId, clientUserId, paymentDetailsId: query.paymentDetailsId });
  }
}
