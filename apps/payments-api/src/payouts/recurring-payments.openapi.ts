import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import { ApiAuthErrors, ApiDocs } from '@payrail/platform';
import { errorExample } from '../payments/dto/error-example.js';
import { ActivationResponseDto, RecurringStatusResponseDto, RecurringUpdateResponseDto } from './dto/recurring.dto.js';

const NOT_FOUND = {
  description: 'Unknown id, or a schedule of another owner',
  ...errorExample(404, 'Recurring payment not found', 'Not Found'),
};

export const ApiRecurringPaymentsController = () =>
  ApiDocs(
    ApiTags('Payouts'),
    ApiSecurity('x-api-key'),
    ApiSecurity('x-client-id'),
    ApiSecurity('__Host-session_token'),
    ApiSecurity('bearer'),
    ApiAuthErrors(['api-key', 'client-id', 'session'], { cookieWrites: true }),
  );

export const ApiActivateRecurring = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'PayoutV2Controller_submitRecurringPaymentSignature_v2',
      summary: 'Activate a recurring payment with the signed permit',
      description:
        'The signature must recover the payer (subscriber) of the permit POST /v2/payouts answered; the schedule becomes active.',
    }),
    ApiCreatedResponse({ type: ActivationResponseDto }),
    ApiBadRequestResponse({
      description: 'Invalid signature, or not awaiting a signature',
      ...errorExample(400, 'Invalid signature provided', 'Bad Request'),
    }),
    ApiNotFoundResponse(NOT_FOUND),
  );

export const ApiRecurringStatus = () =>
  ApiDocs(
    ApiOperation({ operationId: 'PayoutV2Controller_getRecurringPaymentStatus_v2', summary: 'Status of a recurring payment' }),
    ApiOkResponse({ type: RecurringStatusResponseDto }),
    ApiNotFoundResponse(NOT_FOUND),
  );

export const ApiUpdateRecurring = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'PayoutV2Controller_updateRecurringPayment_v2',
      summary: 'Cancel or unpause a recurring payment',
      description:
        '`cancel` from awaiting_signature, active or paused, with the approve lowering the allowance; `unpause` only from paused, missed periods are then paid in order. ' +
        "With the API key, or (beyond the spec) a session of the platform's account (the dashboard; the cookie only from a dashboard origin); " +
        "a Client ID (public) also needs the subscriber's wallet proof: x-wallet-proof = personal_sign of " +
        '"Payrail wallet proof\\nAction: cancel-recurring-payment (or unpause-recurring-payment)\\nId: <id>\\nTimestamp: <timestamp>" by the payer, ' +
        'x-wallet-proof-timestamp = that timestamp (ISO 8601, valid 5 minutes; each proof is accepted once, a replay is 401).',
    }),
    ApiHeader({ name: 'x-wallet-proof', required: false, description: "The subscriber's EIP-191 signature (required with a Client ID)" }),
    ApiHeader({
      name: 'x-wallet-proof-timestamp',
      required: false,
      description: 'The signed timestamp (ISO 8601 UTC; valid 5 minutes, and each proof is accepted once)',
    }),
    ApiOkResponse({ type: RecurringUpdateResponseDto }),
    ApiForbiddenResponse({
      description: "A Client ID without the subscriber's wallet proof, or a proof by another wallet",
      ...errorExample(
        403,
        "A Client ID changes a recurring payment only with the subscriber's wallet proof (x-wallet-proof); otherwise use the API key",
        'Forbidden',
      ),
    }),
    ApiBadRequestResponse({
      description: 'Action not allowed in the current status',
      ...errorExample(400, 'Recurring payment is not paused', 'Bad Request'),
    }),
    ApiNotFoundResponse(NOT_FOUND),
  );
