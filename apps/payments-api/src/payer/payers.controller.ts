import { Controller, Get, Query } from '@nestjs/common';
import { CurrentCaller, type PlatformCaller, PlatformAuth } from '@payrail/platform';
import { ListPayersQueryDto, PayerPageDto } from './dto/payer-list.dto.js';
import { ListPayers } from './use-cases/list-payers.use-case.js';
import { ApiPayersController, ApiListPayers } from './payers.openapi.js';

/** The platform's payer compliance records for its dashboard and API (beyond the spec). */
@ApiPayersController()
@PlatformAuth()
@Controller('v2/payers')
export class PayersController {
  constructor(private readonly list: ListPayers) {}

  @Get()
  @ApiListPayers()
  listPayers(@Query() query: ListPayersQueryDto, @CurrentCaller('api-key-or-session') caller: PlatformCaller): Promise<PayerPageDto> {
    return this.list.execute({ platformId: caller.platformId, query });
  }
}
