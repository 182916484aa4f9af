import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiErrorSchema, CurrentCaller, type PlatformCaller, PlatformAuth } from '@payrail/platform';
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

/** The events API (issue #22): the platform's event log, by API key (server side) or by the platform account's session (dashboard), one route. */
@ApiTags('Events')
@Controller('v2')
export class EventsController {
  constructor(private readonly list: ListEvents) {}

  @Get('events')
  @PlatformAuth()
  @ApiOperation({ summary: "The platform's events (beyond the spec)", description: DESCRIPTION })
  @ApiOkResponse({ type: EventPageDto })
  @BAD_QUERY
  listEvents(@Query() query: ListEventsQueryDto, @CurrentCaller('api-key-or-session') caller: PlatformCaller): Promise<EventPageDto> {
    return this.list.execute({ ...query, platformId: caller.platformId });
  }
}
