import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ApiAuthErrors, ApiDocs } from '@payrail/platform';
import { errorExample } from '../payments/dto/error-example.js';
import { PayRequestResponseDto } from './dto/pay-response.dto.js';
import { RequestRoutesResponseDto } from './dto/routes-response.dto.js';

/** A 400 in the validation shape: the message, and every failing field. */
const validationExample = (field: string, message: string) => ({
  schema: {
    type: 'object',
    required: ['statusCode', 'message', 'error', 'errors'],
    properties: {
      statusCode: { type: 'integer' },
      message: { type: 'string' },
      error: { type: 'string' },
      errors: {
        type: 'array',
        items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
      },
    },
    example: { statusCode: 400, message: `Validation failed: ${field}: ${message}`, error: 'Bad Request', errors: [{ field, message }] },
  },
});

const NOT_FOUND = {
  description:
    'No such request for this caller (another platform, or another Client ID’s); or the wallet is not an account of the request’s network',
  ...errorExample(404, 'Request not found', 'Not Found'),
};
const CONFLICT = {
  description: 'The request is paid or overpaid (nothing left to pay), or fee_short (its amount arrived, only its fee is missing)',
  ...errorExample(409, 'Request is already paid (status paid): there is nothing left to pay', 'Conflict'),
};
const BAD_TERMS =
  'requestId malformed; amount not a positive decimal, with more decimals than the payment currency, or more than remains to pay; ' +
  'feePercentage not 0-100, or without feeAddress (and the reverse), or different from the fee the request carries; feeAddress or ' +
  'wallet not an address';

export const ApiRequestPayController = () => ApiDocs(ApiTags('Request'), ApiSecurity('x-api-key'), ApiSecurity('x-client-id'));

export const ApiGetPaymentCalldata = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'RequestControllerV2_getPaymentCalldata_v2',
      summary: 'Get the transactions that pay a request',
      description:
        'Request Network’s same-chain answer `{transactions, metadata}`, built as POST /v2/payouts builds its own (calldata byte-equal to ' +
        'Request Network’s encoders; native, ERC-20 with approval, conversion requests at the token amount fixed when they were created, ' +
        'Tron). The payment carries the request’s payment reference, so detection settles it: `partial` until the amount is reached ' +
        '(payment.partial), then `paid` (payment.confirmed). `amount` pays part (default: what remains). With `wallet`, its balance, ' +
        'allowance and gas are read in one RPC round trip. `chain`/`token` select a route of /routes; cross-chain, swaps and ' +
        'crypto-to-fiat are not offered (400).',
    }),
    ApiOkResponse({ type: PayRequestResponseDto }),
    ApiBadRequestResponse({
      description: `${BAD_TERMS}; chain or token unknown, naming another network (cross-chain execution is not offered) or another token (a swap); clientUserId or paymentDetailsId given (crypto-to-fiat is not offered)`,
      ...validationExample(
        'chain',
        'Cross-chain payment is not offered: this request is paid on SEPOLIA in fUSDC; omit chain and token, or use a route of GET /v2/request/{requestId}/routes',
      ),
    }),
    ApiAuthErrors(['api-key', 'client-id']),
    ApiNotFoundResponse(NOT_FOUND),
    ApiConflictResponse(CONFLICT),
    ApiServiceUnavailableResponse({
      description: 'The network’s RPC (or TronGrid) did not answer',
      ...errorExample(503, 'No RPC endpoint of sepolia answered', 'Service Unavailable'),
    }),
  );

export const ApiGetRequestPaymentRoutes = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'RequestControllerV2_getRequestPaymentRoutes_v2',
      summary: 'Get the routes that pay a request',
      description:
        'The ways Payrail executes to pay the request: the direct payment (`REQUEST_NETWORK_PAYMENT`: its currency on its network) and, ' +
        'for a stablecoin on a network of the hosted page’s options, the same payment under its source name (`BASE-BASE-USDC-USDC`). ' +
        'Each with the fee paid on top (the request’s own, else feePercentage/feeAddress or the Client ID’s) and its USD value; ' +
        '`platformFee` names it. Never a cross-chain or swap route (not offered). `amount` prices a partial payment.',
    }),
    ApiOkResponse({ type: RequestRoutesResponseDto }),
    ApiBadRequestResponse({
      description: `${BAD_TERMS} (wallet is required)`,
      ...validationExample(
        'wallet',
        'wallet must be an EVM address (0x…, EIP-55 checksum when mixed case) or a Tron address (base58check T…)',
      ),
    }),
    ApiAuthErrors(['api-key', 'client-id']),
    ApiNotFoundResponse(NOT_FOUND),
    ApiConflictResponse(CONFLICT),
  );
