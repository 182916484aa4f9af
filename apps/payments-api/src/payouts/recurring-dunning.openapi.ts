import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDocs } from '@payrail/platform';
import { errorExample } from '../payments/dto/error-example.js';
import { DunningPolicyResponseDto } from './dto/dunning-policy.dto.js';

const MODEL =
  'Dunning (extension, issue #37): when a period of a recurring payment fails, it is tried again after each delay of ' +
  '`retryDelaysSeconds` in turn (the last repeating; chain time), while the grace period since its first failure lasts. ' +
  'A reason no retry can fix without the subscriber (allowance_revoked, schedule_cancelled_onchain, permit_expired) is not retried. ' +
  'Then the schedule is paused (`schedule.past_due`), and `cancelAfterSeconds` later cancelled (`schedule.canceled_for_nonpayment`) ' +
  'unless it was unpaused meanwhile. See docs/api/recurring-payments.md.';

export const ApiDunningPolicyRoutes = () => ApiDocs(ApiTags('Payouts'));

export const ApiGetDunningPolicy = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'RecurringDunningPolicy_get_v2',
      summary: "Read the platform's dunning policy for recurring payments",
      description: MODEL,
    }),
    ApiOkResponse({ type: DunningPolicyResponseDto }),
  );

export const ApiPutDunningPolicy = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'RecurringDunningPolicy_put_v2',
      summary: "Set the platform's dunning policy for recurring payments",
      description: `${MODEL} The body replaces the whole policy; schedules already failing follow it from their next failed attempt.`,
    }),
    ApiOkResponse({ type: DunningPolicyResponseDto }),
    ApiBadRequestResponse({
      description: 'A field is invalid; `errors` names it',
      ...errorExample(400, 'Validation failed: each retry delay must be at least 60 seconds', 'Bad Request'),
    }),
  );
