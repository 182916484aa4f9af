import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiErrorSchema, ApiDocs } from '@payrail/platform';
import { EventPageDto } from './dto/events.dto.js';

const DESCRIPTION =
  "Every webhook event of the caller's platform from the last 30 days, newest first, with each event's delivery to each of the " +
  "platform's endpoints (orchestrators' endpoints are not shown). Keyset pagination: pass `nextCursor` as `cursor`; `after` lists " +
  'only events newer than an id (polling). Beyond the interface.';
const BAD_QUERY = ApiBadRequestResponse({
  description: 'limit outside 1-100, an unknown type or outcome, or a cursor that is not a nextCursor',
  ...apiErrorSchema(400, 'Validation failed: limit must not be greater than 100', 'Bad Request'),
});

export const ApiEventsController = () => ApiDocs(ApiTags('Events'));

export const ApiListEvents = () =>
  ApiDocs(
    ApiOperation({ summary: "The platform's events (beyond the spec)", description: DESCRIPTION }),
    ApiOkResponse({ type: EventPageDto }),
    BAD_QUERY,
  );
