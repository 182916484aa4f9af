import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { type ApiKeyCaller, ApiAuthErrors, apiErrorSchema, Auth, CurrentCaller, type SessionCaller } from '@payrail/platform';
import { EventPageDto, ListEventsQueryDto } from './dto/events.dto.js';
import { ListEvents } from './use-cases/list-events.use-case.js';

const DESCRIPTION =
  "Every webhook event of the caller's platform from the last 30 days, newest first, with each event's delivery to each of the " +
  "platform's endpoints (orchestrators' endpoints are not shown). Keyset pagination: pass `nextCursor` as `cursor`; `after` lists " +
  'only events newer than an id (polling). Beyond the interface.';
const BAD_QUERY = ApiBadRequestResponse({
  description: 'limit outside 1-100, an unknown type or outcome, or a cursor that is not a nextCursor',
  ...apiErrorSchema(400, 'Validation failed: limit must not be greater than 100', 'Bad Request'),
});

/** The events API (issue #22): the platform's event log, by API key (server side) or by session (dashboard). */
@ApiTags('Events')
@Controller('v2')
export class EventsController {
  constructor(private readonly list: ListEvents) {}

  @Get('events')
  @Auth('api-key')
  @ApiSecurity('x-api-key')
  @ApiOperation({ summary: "The platform's events (beyond the spec)", description: DESCRIPTION })
  @ApiOkResponse({ type: EventPageDto })
  @BAD_QUERY
  @ApiAuthErrors('api-key')
  byApiKey(@Query() query: ListEventsQueryDto, @CurrentCaller('api-key') caller: ApiKeyCaller): Promise<EventPageDto> {
    return this.list.execute({ ...query, platformId: caller.platformId });
  }

  @Get('dashboard/events')
  @Auth('session')
  @ApiBearerAuth()
  @ApiCookieAuth('session_token')
  @ApiOperation({
    summary: "The signed-in platform's events (beyond the spec)",
    description: `${DESCRIPTION} Session of the platform's account.`,
  })
  @ApiOkResponse({ type: EventPageDto })
  @BAD_QUERY
  @ApiAuthErrors('session')
  bySession(@Query() query: ListEventsQueryDto, @CurrentCaller('session') caller: SessionCaller): Promise<EventPageDto> {
    return this.list.execute({ ...query, platformId: caller.platformId });
  }
}
