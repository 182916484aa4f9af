import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOperation,
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { ApiAuthErrors, ApiDocs } from '@payrail/platform';
import { RecurringPayoutResponseDto } from './dto/recurring.dto.js';
import { BatchPayoutResponseDto, BigNumberValueDto, OneTimePayoutResponseDto } from '../payments/dto/payout-responses.dto.js';
import { errorExample, IDEMPOTENCY_CONFLICT } from '../payments/dto/error-example.js';

const IDEMPOTENCY_HEADER = {
  name: 'idempotency-key',
  required: false,
  description:
    'Beyond the spec: for 24 hours, a retry with the same key and body gets the first answer again (header `Idempotent-Replayed: true`); the same key with another body is 409. 1-255 printable ASCII characters.',
};

export const ApiPayoutsController = () =>
  ApiDocs(
    ApiTags('Payouts'),
    ApiSecurity('x-api-key'),
    ApiSecurity('x-client-id'),
    ApiExtraModels(BigNumberValueDto, OneTimePayoutResponseDto, RecurringPayoutResponseDto),
    ApiAuthErrors(['api-key', 'client-id']),
    ApiConflictResponse(IDEMPOTENCY_CONFLICT),
    ApiServiceUnavailableResponse({
      description: "A rate or the network's RPC is unavailable",
      ...errorExample(503, 'No RPC endpoint of sepolia answered', 'Service Unavailable'),
    }),
  );

export const ApiInitiatePayout = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'PayoutV2Controller_payRequest_v2',
      summary: 'Initiate a payout',
      description:
        'Creates a request and returns the transactions the payer signs and sends in order (native: one fee-proxy call with value; ' +
        'ERC-20: an approval when the allowance is short, then the fee-proxy call; Tron: TRC-20 calls with base58 addresses). ' +
        'A fiat invoiceCurrency is converted at the current rate, rounded up. With `recurrence` (ERC-20 on EVM): a recurring payment `{id, transactions, recurringPaymentPermit, metadata}` awaiting the signed permit.',
    }),
    ApiHeader(IDEMPOTENCY_HEADER),
    ApiCreatedResponse({
      description:
        'One-time payout (requestId, paymentReference, transactions, metadata), or recurring (id, transactions, recurringPaymentPermit, metadata)',
      schema: { oneOf: [{ $ref: getSchemaPath(OneTimePayoutResponseDto) }, { $ref: getSchemaPath(RecurringPayoutResponseDto) }] },
    }),
    ApiBadRequestResponse({
      description: 'A field is invalid; `errors` names it',
      ...errorExample(400, 'Validation failed: amount has 3 decimals; the currency allows at most 2', 'Bad Request'),
    }),
    ApiNotFoundResponse({
      description: 'Wallet not found: the payer wallet is not an account of the payment network',
      ...errorExample(404, 'Wallet not found', 'Not Found'),
    }),
  );

export const ApiInitiateBatchPayout = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'PayoutV2Controller_payBatchRequest_v2',
      summary: 'Pay several payees in one transaction',
      description:
        'EVM only, every payment on one network. Give `requests` (new payments, a request each) or `requestIds` (pending requests), not both. ' +
        'Answers the approvals (one per token whose allowance to the batch contract is short) and one batch transaction.',
    }),
    ApiHeader(IDEMPOTENCY_HEADER),
    ApiCreatedResponse({ type: BatchPayoutResponseDto }),
    ApiBadRequestResponse({
      description: 'A field is invalid, a Tron payment, or payments on several networks',
      ...errorExample(400, 'Batch payments are not supported for TRON networks. Please submit individual payment requests.', 'Bad Request'),
    }),
    ApiNotFoundResponse({
      description: 'Wallet not found (payer), or a requestId unknown to the caller',
      ...errorExample(404, 'Wallet not found', 'Not Found'),
    }),
  );
