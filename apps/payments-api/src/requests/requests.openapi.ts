import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiDocs } from '@payrail/platform';
import { RequestDetailDto, RequestPageDto } from './dto/request-list.dto.js';

export const ApiRequestsController = () => ApiDocs(ApiTags('requests'));

export const ApiListRequests = () =>
  ApiDocs(
    ApiOperation({
      summary: "The platform's requests, newest first (beyond the spec)",
      description: 'Filters combine with AND; keyset pagination: pass `nextCursor` back as `cursor`.',
    }),
    ApiOkResponse({ type: RequestPageDto }),
    ApiBadRequestResponse({ description: 'An invalid filter, limit or cursor, or `to` not after `from`' }),
  );

export const ApiGetRequest = () =>
  ApiDocs(
    ApiOperation({
      summary: 'One request with its on-chain payments and webhook deliveries (beyond the spec)',
      description: 'Amounts, fee, payer, every transfer seen (tx hash, block, sender, settled) and the deliveries of its events.',
    }),
    ApiParam({ name: 'requestId' }),
    ApiOkResponse({ type: RequestDetailDto }),
    ApiNotFoundResponse({ description: 'No such request of this platform' }),
  );
