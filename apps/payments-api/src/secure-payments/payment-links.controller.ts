import { Controller, Get, Query } from '@nestjs/common';
import { CurrentCaller, type PlatformCaller, PlatformAuth } from '@payrail/platform';
import { ListPaymentLinksQueryDto, PaymentLinkPageDto } from './dto/payment-link-list.dto.js';
import { ListPaymentLinks } from './use-cases/list-payment-links.use-case.js';
import { ApiPaymentLinksController, ApiListPaymentLinks } from './payment-links.openapi.js';

/** The platform's payment links for its dashboard and API (beyond the spec). */
@ApiPaymentLinksController()
@PlatformAuth()
@Controller('v2/secure-payments')
export class PaymentLinksController {
  constructor(private readonly list: ListPaymentLinks) {}

  @Get()
  @ApiListPaymentLinks()
  listPaymentLinks(
    @Query() query: ListPaymentLinksQueryDto,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
  ): Promise<PaymentLinkPageDto> {
    return this.list.execute({ platformId: caller.platformId, query });
  }
}
