import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentCaller, type PlatformCaller, PlatformAuth } from '@payrail/platform';
import { ListRequestsQueryDto } from './dto/request-filter.query.js';
import { RequestDetailDto, RequestPageDto } from './dto/request-list.dto.js';
import { GetRequestDetail } from './use-cases/get-request-detail.use-case.js';
import { ListRequests } from './use-cases/list-requests.use-case.js';

/**
 * The platform's requests and their payments (beyond the interface): the dashboard's payments
 * list and detail, also open to the platform's API key. Registered after RequestReportsController,
 * whose fixed paths (export, volume) must win over `:requestId`.
 */
@ApiTags('requests')
@PlatformAuth()
@Controller('v2/requests')
export class RequestsController {
  constructor(
    private readonly list: ListRequests,
    private readonly detail: GetRequestDetail,
  ) {}

  @Get()
  @ApiOperation({
    summary: "The platform's requests, newest first (beyond the spec)",
    description: 'Filters combine with AND; keyset pagination: pass `nextCursor` back as `cursor`.',
  })
  @ApiOkResponse({ type: RequestPageDto })
  @ApiBadRequestResponse({ description: 'An invalid filter, limit or cursor, or `to` not after `from`' })
  listRequests(@Query() query: ListRequestsQueryDto, @CurrentCaller('api-key-or-session') caller: PlatformCaller): Promise<RequestPageDto> {
    return this.list.execute({ platformId: caller.platformId, query });
  }

  @Get(':requestId')
  @ApiOperation({
    summary: 'One request with its on-chain payments and webhook deliveries (beyond the spec)',
    description: 'Amounts, fee, payer, every transfer seen (tx hash, block, sender, settled) and the deliveries of its events.',
  })
  @ApiParam({ name: 'requestId' })
  @ApiOkResponse({ type: RequestDetailDto })
  @ApiNotFoundResponse({ description: 'No such request of this platform' })
  getRequest(
    @Param('requestId') requestId: string,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
  ): Promise<RequestDetailDto> {
    return this.detail.execute({ platformId: caller.platformId, requestId });
  }
}
