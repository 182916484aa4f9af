import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentCaller, type PlatformCaller, PlatformAuth } from '@payrail/platform';
import { ListPayersQueryDto, PayerPageDto } from './dto/payer-list.dto.js';
import { ListPayers } from './use-cases/list-payers.use-case.js';

/** The platform's payer compliance records for its dashboard and API (beyond the spec). */
@ApiTags('payer')
@PlatformAuth()
@Controller('v2/payers')
export class PayersController {
  constructor(private readonly list: ListPayers) {}

  @Get()
  @ApiOperation({
    summary: "The platform's payer compliance records, newest first (beyond the spec)",
    description:
      '`search` matches part of the clientUserId (the identity is stored encrypted and is neither listed nor searched); filters ' +
      '`kycStatus`, `agreementStatus`, `isCompliant`. Keyset pagination: pass `nextCursor` back as `cursor`.',
  })
  @ApiOkResponse({ type: PayerPageDto })
  @ApiBadRequestResponse({ description: 'An invalid filter, limit or cursor' })
  listPayers(@Query() query: ListPayersQueryDto, @CurrentCaller('api-key-or-session') caller: PlatformCaller): Promise<PayerPageDto> {
    return this.list.execute({ platformId: caller.platformId, query });
  }
}
