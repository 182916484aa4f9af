import { Controller, Get, Query } from '@nestjs/common';
import { CurrentCaller, type PlatformCaller, PlatformAuth } from '@payrail/platform';
import { EventPageDto, ListEventsQueryDto } from './dto/events.dto.js';
import { ListEvents } from './use-cases/list-events.use-case.js';
import { ApiEventsController, ApiListEvents } from './events.openapi.js';

/** The events API (issue #22): the platform's event log, by API key (server side) or by the platform account's session (dashboard), one route. */
@ApiEventsController()
@Controller('v2')
export class EventsController {
  constructor(private readonly list: ListEvents) {}

  @Get('events')
  @PlatformAuth()
  @ApiListEvents()
  listEvents(@Query() query: ListEventsQueryDto, @CurrentCaller('api-key-or-session') caller: PlatformCaller): Promise<EventPageDto> {
    return this.list.execute({ ...query, platformId: caller.platformId });
  }
}
