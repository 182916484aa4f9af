import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDocs } from '@payrail/platform';
import { RecurringPageDto } from './dto/recurring-list.dto.js';

export const ApiRecurringListController = () => ApiDocs(ApiTags('Payouts'));

export const ApiListRecurringPayments = () =>
  ApiDocs(
    ApiOperation({
      summary: "The platform's recurring payments, newest first (beyond the spec)",
      description:
        'Progress (processed / remaining payments and amount), next execution and status of each schedule, whichever Client ID or API key ' +
        'created it. Filters `status`, `network`, `payer`; keyset pagination: pass `nextCursor` back as `cursor`. Cancel with ' +
        'PATCH /v2/payouts/recurring/{id} `{"action":"cancel"}` (a session of the platform may).',
    }),
    ApiOkResponse({ type: RecurringPageDto }),
    ApiBadRequestResponse({ description: 'An invalid filter, limit or cursor' }),
  );
