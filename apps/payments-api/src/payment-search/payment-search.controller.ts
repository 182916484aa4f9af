import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentCaller, type PlatformCaller, PlatformAuth } from '@payrail/platform';
import { PaymentSearchDto } from './dto/payment-search.dto.js';
import { PaymentSearchQueryDto } from './dto/payment-search.query.js';
import { SearchPayments } from './use-cases/search-payments.use-case.js';

const VALIDATION_EXAMPLE = {
  statusCode: 400,
  message: 'Validation failed: toDate must be after or equal to fromDate',
  error: 'Bad Request',
  errors: [{ field: 'toDate', message: 'toDate must be after or equal to fromDate' }],
};

/**
 * GET /v2/payments: Request Network's payments search over the platform's settled payments.
 * Taken by the platform's own secrets (API key, dashboard session) like the request list: a
 * Client ID is public and this search reads every payment of the platform with its customers.
 */
@ApiTags('V2/Payments')
@PlatformAuth()
@Controller('v2/payments')
export class PaymentSearchController {
  constructor(private readonly search: SearchPayments) {}

  @Get()
  @ApiOperation({
    operationId: 'PaymentV2Controller_searchPayments_v2',
    summary: 'Search payments with advanced filtering',
    description:
      "The platform's settled payments (each transfer detected on chain, confirmed, that counts toward one of its requests), newest first. " +
      'At least one of txHash, walletAddress, paymentReference, requestId, reference, type, invoiceCurrency, paymentCurrency is required; ' +
      'parameters combine with AND. Paging: limit/offset while offset + limit <= 10000, or pagination.nextCursor passed back as cursor ' +
      '(keyset: stable while payments arrive, any depth). A Client ID is refused (403): it is public, and this reads every payment with its customer.',
  })
  @ApiOkResponse({ type: PaymentSearchDto })
  @ApiBadRequestResponse({
    description:
      'No search parameter, a malformed one, toDate before fromDate, an unknown currency, offset beyond the window, or a bad cursor',
    schema: { type: 'object', example: VALIDATION_EXAMPLE },
  })
  searchPayments(
    @Query() query: PaymentSearchQueryDto,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
  ): Promise<PaymentSearchDto> {
    return this.search.execute({ platformId: caller.platformId, query });
  }
}
