import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentCaller, type PlatformCaller, PlatformAuth } from '@payrail/platform';
import { ListPaymentLinksQueryDto, PaymentLinkPageDto } from './dto/payment-link-list.dto.js';
import { ListPaymentLinks } from './use-cases/list-payment-links.use-case.js';

/** The platform's payment links for its dashboard and API (beyond the spec). */
@ApiTags('Secure payments')
@PlatformAuth()
@Controller('v2/secure-payments')
export class PaymentLinksController {
  constructor(private readonly list: ListPaymentLinks) {}

  @Get()
  @ApiOperation({
    summary: "The platform's payment links, newest first (beyond the spec)",
    description:
      'Single secure payments and multicall payouts (with their children in position order; children are not listed on their own), ' +
      'whichever Client ID, API key or session created them. Filters `status` (as a reader sees it: an open payment past its expiry is ' +
      '`expired`) and `type`; keyset pagination: pass `nextCursor` back as `cursor`.',
  })
  @ApiOkResponse({ type: PaymentLinkPageDto })
  @ApiBadRequestResponse({ description: 'An unknown status or type, or an invalid limit or cursor' })
  listPaymentLinks(
    @Query() query: ListPaymentLinksQueryDto,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
  ): Promise<PaymentLinkPageDto> {
    return this.list.execute({ platformId: caller.platformId, query });
  }
}
