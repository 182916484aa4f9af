import { Controller, Get, Query } from '@nestjs/common';
import { CurrentCaller, type PlatformCaller, PlatformAuth } from '@payrail/platform';
import { ListRecurringQueryDto, RecurringPageDto } from './dto/recurring-list.dto.js';
import { ListRecurringPayments } from './use-cases/list-recurring-payments.use-case.js';
import { ApiRecurringListController, ApiListRecurringPayments } from './recurring-list.openapi.js';

/** The platform's recurring payments for its dashboard and API (beyond the spec). */
@ApiRecurringListController()
@PlatformAuth()
@Controller('v2/payouts/recurring')
export class RecurringListController {
  constructor(private readonly list: ListRecurringPayments) {}

  @Get()
  @ApiListRecurringPayments()
  listRecurringPayments(
    @Query() query: ListRecurringQueryDto,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
  ): Promise<RecurringPageDto> {
    return this.list.execute({ platformId: caller.platformId, query });
  }
}
