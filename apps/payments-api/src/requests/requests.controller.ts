import { Controller, Get, Param, Query } from '@nestjs/common';
import { CurrentCaller, type PlatformCaller, PlatformAuth } from '@payrail/platform';
import { ListRequestsQueryDto } from './dto/request-filter.query.js';
import { RequestDetailDto, RequestPageDto } from './dto/request-list.dto.js';
import { GetRequestDetail } from './use-cases/get-request-detail.use-case.js';
import { ListRequests } from './use-cases/list-requests.use-case.js';
import { ApiRequestsController, ApiListRequests, ApiGetRequest } from './requests.openapi.js';

/**
 * The platform's requests and their payments (beyond the interface): the dashboard's payments
 * list and detail, also open to the platform's API key. Registered after RequestReportsController,
 * whose fixed paths (export, volume) must win over `:requestId`.
 */
@ApiRequestsController()
@PlatformAuth()
@Controller('v2/requests')
export class RequestsController {
  constructor(
    private readonly list: ListRequests,
    private readonly detail: GetRequestDetail,
  ) {}

  @Get()
  @ApiListRequests()
  listRequests(@Query() query: ListRequestsQueryDto, @CurrentCaller('api-key-or-session') caller: PlatformCaller): Promise<RequestPageDto> {
    return this.list.execute({ platformId: caller.platformId, query });
  }

  @Get(':requestId')
  @ApiGetRequest()
  getRequest(
    @Param('requestId') requestId: string,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
  ): Promise<RequestDetailDto> {
    return this.detail.execute({ platformId: caller.platformId, requestId });
  }
}
