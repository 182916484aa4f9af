import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { ApiDocs } from '@payrail/platform';
import { errorExample } from '../payments/dto/error-example.js';
import { DeletedTestClockDto, TestClockDryRunDto, TestClockDto } from './dto/test-clock.dto.js';

export const ApiTestClocksController = () => ApiDocs(ApiTags('V2/Test clocks'), ApiExtraModels(TestClockDryRunDto));

const FORBIDDEN = ApiForbiddenResponse({
  description: 'PAYRAIL_ENV=production, or no local chain is deployed (test clocks move the local chain’s time)',
  ...errorExample(403, 'Test clocks are not available in production: they move the chain time of a local test chain', 'Forbidden'),
});
const NOT_FOUND = ApiNotFoundResponse({
  description: "Unknown clock, or another platform's",
  ...errorExample(404, 'Test clock not found', 'Not Found'),
});
const ID = ApiParam({ name: 'id', description: 'The test clock id (ULID)' });

export const ApiCreateTestClock = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'TestClocksController_create_v2',
      summary: 'Create a test clock (extension; local and staging only)',
      description:
        'A simulated time for recurring payments. Attach schedules at creation with `recurrence.testClockId` on POST /v2/payouts; ' +
        'they then run on the clock’s time only, on the local chain, whose block time moves with the clock. Deleted after 7 days. See docs/test-clocks.md.',
    }),
    ApiCreatedResponse({ type: TestClockDto }),
    ApiBadRequestResponse({ description: 'frozenTime is not a UTC ISO 8601 date-time between 1970 and 2106' }),
    FORBIDDEN,
  );

export const ApiGetTestClock = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'TestClocksController_get_v2',
      summary: 'A test clock: its time, status and attached schedules (extension)',
    }),
    ID,
    ApiOkResponse({ type: TestClockDto }),
    FORBIDDEN,
    NOT_FOUND,
  );

export const ApiAdvanceTestClock = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'TestClocksController_advance_v2',
      summary: 'Advance a test clock (extension)',
      description:
        'Forward only, at most two periods of the shortest attached open schedule per advance. Answers 202 with status `advancing`; ' +
        'the chain-worker then moves the local chain to each due time in order and executes every period due on the way through the ordinary executor ' +
        '(payment.confirmed / payment.failed as for any payment), and sends `test_clock.ready` when the clock stands at frozenTime. ' +
        'With `dryRun: true` answers 200 with the events the advance would send, and changes nothing.',
    }),
    ID,
    ApiAcceptedResponse({ type: TestClockDto, description: 'The advance is under way (status `advancing`)' }),
    ApiOkResponse({ description: 'Dry run: the events it would send', schema: { $ref: getSchemaPath(TestClockDryRunDto) } }),
    ApiBadRequestResponse({
      description: 'frozenTime malformed, not after the clock’s time, or more than two periods of the shortest attached schedule ahead',
      ...errorExample(
        400,
        'frozenTime must be after the clock’s time 2027-01-01T00:00:00.000Z: test clocks only move forward',
        'Bad Request',
      ),
    }),
    FORBIDDEN,
    NOT_FOUND,
    ApiConflictResponse({
      description: 'The clock is still advancing',
      ...errorExample(409, 'Test clock 01JD3Y2ZK8Q7V6W5X4T3S2R1P1 is still advancing', 'Conflict'),
    }),
  );

export const ApiDeleteTestClock = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'TestClocksController_delete_v2',
      summary: 'Delete a test clock; its open schedules are cancelled (extension)',
    }),
    ID,
    ApiOkResponse({ type: DeletedTestClockDto }),
    FORBIDDEN,
    NOT_FOUND,
  );
