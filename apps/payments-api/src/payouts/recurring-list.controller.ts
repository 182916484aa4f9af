import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentCaller, type PlatformCaller, PlatformAuth } from '@payrail/platform';
import { ListRecurringQueryDto, RecurringPageDto } from './dto/recurring-list.dto.js';
import { ListRecurringPayments } from './use-cases/list-recurring-payments.use-case.js';

/** The platform's recurring payments for its dashboard and API (beyond the spec). */
@ApiTags('Payouts')
@PlatformAuth()
@Controller('v2/payouts/recurring')
export class RecurringListController {
  constructor(private readonly list: ListRecurringPayments) {}

  @Get()
  @ApiOperation({
    summary: "The platform's recurring payments, newest first (beyond the spec)",
    description:
      'Progress (processed / remaining payments and amount), next execution and status of each schedule, whichever Client ID or API key ' +
      'created it. Filters `status`, `network`, `payer`; keyset pagination: pass `nextCursor` back as `cursor`. Cancel with ' +
      'PATCH /v2/payouts/recurring/{id} `{"action":"cancel"}` (a session of the platform may).',
  })
  @ApiOkResponse({ type: RecurringPageDto })
  @ApiBadRequestResponse({ description: 'An invalid filter, limit or cursor' })
  listRecurringPayments(
    @Query() query: ListRecurringQueryDto,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
  ): Promise<RecurringPageDto> {
    return this.list.execute({ platformId: caller.platformId, query });
  }
}
