import { Controller, Get, Query } from '@nestjs/common';
import { CurrentCaller, type PlatformCaller, PlatformAuth } from '@payrail/platform';
import { PaymentSearchDto } from './dto/payment-search.dto.js';
import { PaymentSearchQueryDto } from './dto/payment-search.query.js';
import { SearchPayments } from './use-cases/search-payments.use-case.js';
import { ApiPaymentSearchController, ApiSearchPayments } from './payment-search.openapi.js';

/**
 * GET /v2/payments: Request Network's payments search over the platform's settled payments.
 * Taken by the platform's own secrets (API key, dashboard session) like the request list: a
 * Client ID is public and this search reads every payment of the platform with its customers.
 */
@ApiPaymentSearchController()
@PlatformAuth()
@Controller('v2/payments')
export class PaymentSearchController {
  constructor(private readonly search: SearchPayments) {}

  @Get()
  @ApiSearchPayments()
  searchPayments(
    @Query() query: PaymentSearchQueryDto,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
  ): Promise<PaymentSearchDto> {
    return this.search.execute({ platformId: caller.platformId, query });
  }
}
