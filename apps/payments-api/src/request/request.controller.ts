import { Body, Controller, Get, Headers, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
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
import { PayrailError } from '@payrail/domain';
import { ApiAuthErrors, Auth, type Caller, CurrentCaller } from '@payrail/platform';
import type { Response } from 'express';
import { CreateRequestDto, CreatedRequestDto } from './dto/create-request.dto.js';
import { PaymentIntentIdParam } from './dto/payment-intent-id.param.js';
import { RequestIdParam } from './dto/request-id.param.js';
import { RequestStatusDto } from './dto/request-status.dto.js';
import { UpdateRequestDto } from './dto/update-request.dto.js';
import { CreateRequest, type CreatedRequest } from './use-cases/create-request.use-case.js';
import { GetRequest, type RequestRecordView } from './use-cases/get-request.use-case.js';
import { UpdateRequest } from './use-cases/update-request.use-case.js';
import { errorExample } from '../payments/dto/error-example.js';

const NOT_FOUND = { description: 'No such request for this caller', ...errorExample(404, 'Request not found', 'Not Found') };
const MALFORMED_ID = {
  description: 'Malformed requestId',
  ...errorExample(400, 'Validation failed: requestId must be 01 followed by 64 lowercase hex digits', 'Bad Request'),
};
export const PAYMENT_INTENTS_NOT_OFFERED =
  'Payment intents are not offered: Payrail does not execute cross-chain payments, so it never issues a payment intent. ' +
  'Pay the request on its own network with the transactions of GET /v2/request/{requestId}/pay.';

@ApiTags('Request')
@ApiSecurity('x-api-key')
@ApiSecurity('x-client-id')
@Auth('api-key', 'client-id')
@ApiAuthErrors(['api-key', 'client-id'])
@Controller('v2/request')
export class RequestController {
  constructor(
    private readonly createRequest: CreateRequest,
    private readonly getRequest: GetRequest,
    private readonly updateRequest: UpdateRequest,
  ) {}

  @Post()
  @HttpCode(201)
  // The dashboard creates invoices too ("Create invoice"): a session of the platform's account acts for the platform.
  @Auth('api-key', 'client-id', 'session')
  @ApiSecurity('__Host-session_token')
  @ApiAuthErrors(['api-key', 'client-id', 'session'])
  @ApiOperation({
    operationId: 'RequestControllerV2_createRequest_v2',
    summary: 'Create a request (an invoice)',
    description:
      'A request a payer pays later with GET /v2/request/{requestId}/pay. A fiat invoiceCurrency is converted to the payment currency at ' +
      'the current rate, rounded up. With `recurrence`, a new request is issued at the start of each period until stopped (PATCH). ' +
      'A Client ID’s own fee applies, as on payouts.',
  })
  @ApiHeader({
    name: 'idempotency-key',
    required: false,
    description:
      'Beyond the spec: for 24 hours, a retry with the same key and body gets the first answer again (header `Idempotent-Replayed: true`); the same key with another body is 409.',
  })
  @ApiCreatedResponse({ type: CreatedRequestDto })
  @ApiBadRequestResponse({
    description: 'A field is invalid; `errors` names it',
    ...errorExample(400, 'Validation failed: amount has 17 decimals; the currency allows at most 2', 'Bad Request'),
  })
  @ApiConflictResponse({
    description: 'Idempotency-Key reused with a different body',
    ...errorExample(409, 'This Idempotency-Key was already used with a different request', 'Conflict'),
  })
  @ApiServiceUnavailableResponse({
    description: 'A conversion rate is unavailable',
    ...errorExample(503, 'No rate for USD/ETH-sepolia-sepolia is available', 'Service Unavailable'),
  })
  async create(
    @Body() body: CreateRequestDto,
    @CurrentCaller() caller: Caller,
    @Res({ passthrough: true }) res: Response,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<CreatedRequest> {
    const outcome = await this.createRequest.execute({ caller, body, idempotencyKey });
    if (outcome.replayed) res.setHeader('Idempotent-Replayed', 'true');
    return outcome.response;
  }

  @Get(':requestId')
  @ApiOperation({
    operationId: 'RequestControllerV2_getRequestStatus_v2',
    summary: "A request's status record",
    description:
      'Request Network’s status record (hasBeenPaid, isListening, payments, recurrence, ...) and Payrail’s fields (status: pending, ' +
      'partial, paid, overpaid, fee_short; expected amount, amount paid, txHash). Owner only: an API key reads its platform’s requests, ' +
      'a Client ID the ones created with it. With a Client ID (public) customerInfo is null and, when a secure payment over the request ' +
      'hides its payee, payee and feeAddress are masked.',
  })
  @ApiOkResponse({ type: RequestStatusDto })
  @ApiBadRequestResponse(MALFORMED_ID)
  @ApiNotFoundResponse(NOT_FOUND)
  getRequestStatus(@Param() params: RequestIdParam, @CurrentCaller() caller: Caller): Promise<RequestRecordView> {
    return this.getRequest.execute({ caller, requestId: params.requestId });
  }

  @Patch(':requestId')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'RequestControllerV2_updateRequest_v2',
    summary: 'Stop or resume a recurring request',
    description: 'Owner only. Answers the status record as GET does.',
  })
  @ApiOkResponse({ type: RequestStatusDto, description: 'Recurrence updated' })
  @ApiBadRequestResponse({
    description: 'Malformed requestId or body',
    ...errorExample(400, 'Validation failed: isRecurrenceStopped must be a boolean value', 'Bad Request'),
  })
  @ApiNotFoundResponse(NOT_FOUND)
  update(@Param() params: RequestIdParam, @Body() body: UpdateRequestDto, @CurrentCaller() caller: Caller): Promise<RequestRecordView> {
    return this.updateRequest.execute({ caller, requestId: params.requestId, isRecurrenceStopped: body.isRecurrenceStopped });
  }

  @Post('payment-intents/:paymentIntentId')
  @ApiOperation({
    operationId: 'RequestControllerV2_sendPaymentIntent_v2',
    summary: 'Send a payment intent (not offered)',
    description:
      'Request Network’s cross-chain flow: a signed Permit2 payment intent. Payrail does not execute cross-chain payments and never ' +
      'issues a payment intent, so this always answers 400 saying so (the body is not read).',
  })
  @ApiBody({ required: false, schema: { type: 'object', description: 'Request Network: {signedPaymentIntent, signedApprovalPermit?}' } })
  @ApiBadRequestResponse({
    description: 'Always: payment intents are not offered',
    ...errorExample(400, PAYMENT_INTENTS_NOT_OFFERED, 'Bad Request'),
  })
  sendPaymentIntent(@Param() _params: PaymentIntentIdParam): never {
    throw new PayrailError('VALIDATION_FAILED', PAYMENT_INTENTS_NOT_OFFERED);
  }
}
