import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ApiDocs } from '@payrail/platform';
import { errorExample } from '../payments/dto/error-example.js';
import { ExceptionPageDto, PaymentExceptionDto, RemainderRequestedDto } from './dto/exception.dto.js';
import { ExceptionSettingsResponseDto } from './dto/exception-settings.dto.js';

const MODEL =
  'A payment exception records what went wrong with a payment (underpaid, overpaid, late, wrong_token, unexpected_payer, ' +
  'screening_rejected, unsweepable), raised by settlement as it settles the payment, and what the platform decided; see docs/exceptions.md.';
const NOT_FOUND = {
  description: "No such exception (another platform's is not found either)",
  ...errorExample(404, 'Exception not found', 'Not Found'),
};
const MALFORMED = {
  description: 'Malformed id',
  ...errorExample(400, 'Validation failed: id must be an exception id (a ULID)', 'Bad Request'),
};
const IDEMPOTENCY = ApiHeader({
  name: 'idempotency-key',
  required: false,
  description: 'For 24 hours, a retry with the same key gets the first answer again (header `Idempotent-Replayed: true`).',
});

export const ApiExceptionRoutes = () => ApiDocs(ApiTags('Payment exceptions'));

export const ApiListExceptions = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'Exceptions_list_v2',
      summary: "List the platform's payment exceptions",
      description: `${MODEL} Newest first; filter by status (e.g. \`open\`), kind and network; keyset pagination with \`cursor\`.`,
    }),
    ApiOkResponse({ type: ExceptionPageDto }),
  );

export const ApiGetException = () =>
  ApiDocs(
    ApiOperation({ operationId: 'Exceptions_get_v2', summary: 'Read a payment exception', description: MODEL }),
    ApiOkResponse({ type: PaymentExceptionDto }),
    ApiBadRequestResponse(MALFORMED),
    ApiNotFoundResponse(NOT_FOUND),
  );

export const ApiAcceptException = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'Exceptions_accept_v2',
      summary: 'Accept a payment exception',
      description:
        'The platform keeps what arrived and the payment counts as settled: an underpaid request turns paid at what it received ' +
        '(settlement settles it again and sends payment.confirmed), a late payment’s expired link completes. Announced by ' +
        'payment.exception.resolved. Only an open exception; wrong_token and unsweepable cannot be accepted.',
    }),
    IDEMPOTENCY,
    ApiOkResponse({ type: PaymentExceptionDto }),
    ApiBadRequestResponse(MALFORMED),
    ApiNotFoundResponse(NOT_FOUND),
    ApiConflictResponse({
      description: 'The exception is not open (or its kind cannot be accepted), or the Idempotency-Key was used with another request',
      ...errorExample(409, 'Exception is accepted; only an open exception can be accepted', 'Conflict'),
    }),
  );

export const ApiRequestRemainder = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'Exceptions_requestRemainder_v2',
      summary: 'Request the remainder of an underpayment',
      description:
        'A new secure payment link (the same hosted page) for the missing amount at the original rate, linked to the original ' +
        'request (its originalRequestId). When it is paid, the original request ends paid and the exception is resolved ' +
        '(payment.exception.resolved, resolution `remainder_paid`). Only an open underpaid exception.',
    }),
    IDEMPOTENCY,
    ApiCreatedResponse({ type: RemainderRequestedDto }),
    ApiBadRequestResponse(MALFORMED),
    ApiNotFoundResponse(NOT_FOUND),
    ApiConflictResponse({
      description: 'Not an open underpaid exception, or the Idempotency-Key was used with another request',
      ...errorExample(409, 'Exception is remainder_requested; a remainder can be requested only while it is open', 'Conflict'),
    }),
  );

const SETTINGS =
  'The underpaid tolerance (a percentage of the expected amount, or an amount in each request’s invoice currency; default none): ' +
  'a payment short by no more counts as paid and the gap is recorded as an underpaid exception resolved `within_tolerance`. ' +
  'The late window (seconds, default 0): a payment up to this long after its link expired completes it, recorded as a `late` ' +
  'exception resolved `within_late_window`; a later one leaves the link expired with an open `late` exception.';

export const ApiGetExceptionSettings = () =>
  ApiDocs(
    ApiOperation({ operationId: 'ExceptionSettings_get_v2', summary: "Read the platform's exception settings", description: SETTINGS }),
    ApiOkResponse({ type: ExceptionSettingsResponseDto }),
  );

export const ApiPutExceptionSettings = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'ExceptionSettings_put_v2',
      summary: "Set the platform's exception settings",
      description: `${SETTINGS} The body replaces the whole settings; they apply to payments settled afterwards.`,
    }),
    ApiOkResponse({ type: ExceptionSettingsResponseDto }),
    ApiBadRequestResponse({
      description: 'A field is invalid; `errors` names it',
      ...errorExample(400, 'Validation failed: lateWindowSeconds must not be less than 0', 'Bad Request'),
    }),
  );
