import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ApiAuthErrors, ApiDocs } from '@payrail/platform';
import { CreatedRequestDto } from './dto/create-request.dto.js';
import { RequestStatusDto } from './dto/request-status.dto.js';
import { errorExample, IDEMPOTENCY_CONFLICT } from '../payments/dto/error-example.js';

const NOT_FOUND = { description: 'No such request for this caller', ...errorExample(404, 'Request not found', 'Not Found') };
const MALFORMED_ID = {
  description: 'Malformed requestId',
  ...errorExample(400, 'Validation failed: requestId must be 01 followed by 64 lowercase hex digits', 'Bad Request'),
};
export const PAYMENT_INTENTS_NOT_OFFERED =
  'Payment intents are not offered: Payrail does not execute cross-chain payments, so it never issues a payment intent. ' +
  'Pay the request on its own network with the transactions of GET /v2/request/{requestId}/pay.';

export const ApiRequestController = () =>
  ApiDocs(ApiTags('Request'), ApiSecurity('x-api-key'), ApiSecurity('x-client-id'), ApiAuthErrors(['api-key', 'client-id']));

export const ApiCreateRequest = () =>
  ApiDocs(
    ApiSecurity('__Host-session_token'),
    ApiAuthErrors(['api-key', 'client-id', 'session']),
    ApiOperation({
      operationId: 'RequestControllerV2_createRequest_v2',
      summary: 'Create a request (an invoice)',
      description:
        'A request a payer pays later with GET /v2/request/{requestId}/pay. A fiat invoiceCurrency is converted to the payment currency at ' +
        'the current rate, rounded up. With `recurrence`, a new request is issued at the start of each period until stopped (PATCH). ' +
        'A Client ID’s own fee applies, as on payouts.',
    }),
    ApiHeader({
      name: 'idempotency-key',
      required: false,
      description:
        'Beyond the spec: for 24 hours, a retry with the same key and body gets the first answer again (header `Idempotent-Replayed: true`); the same key with another body is 409.',
    }),
    ApiCreatedResponse({ type: CreatedRequestDto }),
    ApiBadRequestResponse({
      description: 'A field is invalid; `errors` names it',
      ...errorExample(400, 'Validation failed: amount has 17 decimals; the currency allows at most 2', 'Bad Request'),
    }),
    ApiConflictResponse(IDEMPOTENCY_CONFLICT),
    ApiServiceUnavailableResponse({
      description: 'A conversion rate is unavailable',
      ...errorExample(503, 'No rate for USD/ETH-sepolia-sepolia is available', 'Service Unavailable'),
    }),
  );

export const ApiGetRequestStatus = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'RequestControllerV2_getRequestStatus_v2',
      summary: "A request's status record",
      description:
        'Request Network’s status record (hasBeenPaid, isListening, payments, recurrence, ...) and Payrail’s fields (status: pending, ' +
        'partial, paid, overpaid, fee_short; expected amount, amount paid, txHash). Owner only: an API key reads its platform’s requests, ' +
        'a Client ID the ones created with it. With a Client ID (public) customerInfo is null and, when a secure payment over the request ' +
        'hides its payee, payee and feeAddress are masked.',
    }),
    ApiOkResponse({ type: RequestStatusDto }),
    ApiBadRequestResponse(MALFORMED_ID),
    ApiNotFoundResponse(NOT_FOUND),
  );

export const ApiUpdateRequest = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'RequestControllerV2_updateRequest_v2',
      summary: 'Stop or resume a recurring request',
      description: 'Owner only. Answers the status record as GET does.',
    }),
    ApiOkResponse({ type: RequestStatusDto, description: 'Recurrence updated' }),
    ApiBadRequestResponse({
      description: 'Malformed requestId or body',
      ...errorExample(400, 'Validation failed: isRecurrenceStopped must be a boolean value', 'Bad Request'),
    }),
    ApiNotFoundResponse(NOT_FOUND),
  );

export const ApiSendPaymentIntent = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'RequestControllerV2_sendPaymentIntent_v2',
      summary: 'Send a payment intent (not offered)',
      description:
        'Request Network’s cross-chain flow: a signed Permit2 payment intent. Payrail does not execute cross-chain payments and never ' +
        'issues a payment intent, so this always answers 400 saying so (the body is not read).',
    }),
    ApiBody({ required: false, schema: { type: 'object', description: 'Request Network: {signedPaymentIntent, signedApprovalPermit?}' } }),
    ApiBadRequestResponse({
      description: 'Always: payment intents are not offered',
      ...errorExample(400, PAYMENT_INTENTS_NOT_OFFERED, 'Bad Request'),
    }),
  );
