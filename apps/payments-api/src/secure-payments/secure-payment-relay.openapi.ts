import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
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
import { errorExample } from '../payments/dto/error-example.js';
import { CreatedBatchPayoutDto } from './dto/batch-payout-link.dto.js';
import { RefreshedStepDto } from './dto/refresh-step.dto.js';
import { TronBroadcastAnswerDto } from './dto/tron-broadcast.dto.js';
import { NOT_FOUND } from './secure-payments.openapi.js';

const ORIGIN_HEADER = { name: 'origin', required: true, description: 'Required with the Client ID (browser context)' };
const PAGE_UNAUTHORIZED = {
  description: 'no Origin header (required here with any Client ID)',
  message: 'Origin header is required with x-client-id',
};

export const ApiBatchPayoutsController = () => ApiDocs(ApiTags('Secure payments'));
export const ApiSecurePaymentRelayController = () => ApiDocs(ApiTags('Secure payments'));

export const ApiCreateBatchPayout = () =>
  ApiDocs(
    ApiSecurity('x-api-key'),
    ApiSecurity('x-client-id'),
    ApiSecurity('__Host-session_token'),
    ApiSecurity('bearer'),
    ApiOperation({
      operationId: 'SecurePaymentController_createBatchPayoutSecurePayment_v2',
      summary: 'Create a batch secure payment for multiple outgoing payouts',
      description:
        'Combines 2 to 100 pending single payout links of the caller (POST /v2/secure-payments/payouts or /v2/secure-payments) into one link ' +
        "paid in one transaction through the network's batch contract; the payout links are invalidated. All on one EVM network (Tron: " +
        '400 `Batch payments are not supported for TRON networks. Please submit individual payment requests.`), fees to one address, the same ' +
        'access policy. The page reads it with GET /v2/secure-payments/{token} (`paymentType: batch`) and pays it with GET /{token}/pay ' +
        '(`{ERC20ApprovalTransactions, batchPaymentTransaction, metadata, requests}`); it completes when every payout is paid.',
    }),
    ApiCreatedResponse({ type: CreatedBatchPayoutDto }),
    ApiBadRequestResponse({
      description:
        'Fewer than 2 tokens, a token that is not a pending single payout of the caller, Tron, several networks; `errors` names the token',
      ...errorExample(400, 'Batch payments are not supported for TRON networks. Please submit individual payment requests.', 'Bad Request'),
    }),
    ApiAuthErrors(['api-key', 'client-id', 'session']),
  );

export const ApiTronBroadcast = () =>
  ApiDocs(
    ApiSecurity('x-client-id'),
    ApiHeader(ORIGIN_HEADER),
    ApiOperation({
      operationId: 'SecurePaymentController_broadcastTronTransaction_v2',
      summary: 'Broadcast signed TRON secure payment transaction',
      description:
        "Relays the page's signed TronWeb transaction to the Tron node (TRON_API_URL) after rebuilding the payment's own Tron calls: the " +
        "approval of the fee proxy on the payment's TRC-20 (amount + fee, or 0), or the fee proxy's transferFromWithReferenceAndFee with the " +
        "payment's payee, amount, fee and reference; anything else is 400. The payment call is recorded as the payment's intent first (the " +
        "intent route's caps, 429 beyond), so chain-worker watches it. Rate limited per payment token and IP like the intents. The node's " +
        'refusal, or no answer, is 502.',
    }),
    ApiOkResponse({ type: TronBroadcastAnswerDto }),
    ApiBadRequestResponse({
      description: 'Malformed or mismatched transaction (field named), or a payment that is not paid on Tron',
      ...errorExample(
        400,
        "Validation failed: signedTransaction.raw_data_hex: the call does not match this payment's approval or transfer",
        'Bad Request',
      ),
    }),
    ApiAuthErrors(['client-id'], {
      unauthorized: PAGE_UNAUTHORIZED,
      forbidden: {
        description: 'the payment is no longer payable, or the signer is outside the allowlist',
        message: 'Secure payment is expired: it can no longer be paid',
      },
      tooManyRequests: 'Too many relays for this payment from this IP, or too many open intents for this payment or Client ID',
    }),
    ApiNotFoundResponse(NOT_FOUND),
    ApiBadGatewayResponse({
      description: 'The Tron node refused the transaction or did not answer',
      ...errorExample(502, 'Broadcast failed: SIGERROR: Validate signature error', 'Bad Gateway'),
    }),
    ApiServiceUnavailableResponse({
      description: 'No Tron node is configured (TRON_API_URL)',
      ...errorExample(503, 'Tron is not configured on this server (TRON_API_URL)', 'Service Unavailable'),
    }),
  );

export const ApiRefreshStepTransaction = () =>
  ApiDocs(
    ApiSecurity('x-client-id'),
    ApiHeader(ORIGIN_HEADER),
    ApiOperation({
      operationId: 'SecurePaymentController_refreshStepTransaction_v2',
      summary: 'Refresh a step transaction of the payment',
      description:
        "One step of GET /{token}/pay's answer rebuilt now (same query, auth and access rules): `approval` answers the next approval the funds " +
        'holder still needs, or `transactionRequest: null` once its allowance covers the payment; `payment` the payment (or batch) ' +
        "transaction. A step whose chain (`action.toChainId`) or contract (`action.toAddress`) no longer matches is 400 'Route no longer " +
        "available'. EVM payments only. `id` and `tool` are echoed.",
    }),
    ApiOkResponse({ type: RefreshedStepDto }),
    ApiBadRequestResponse({
      description: 'Invalid step, or route no longer available (field named)',
      ...errorExample(
        400,
        'Validation failed: step.action.toChainId: Route no longer available: this payment runs on chain 11155111',
        'Bad Request',
      ),
    }),
    ApiAuthErrors(['client-id'], {
      unauthorized: PAGE_UNAUTHORIZED,
      forbidden: { description: 'the wallet is not allowed to pay', message: 'This wallet is not allowed to pay this secure payment' },
    }),
    ApiNotFoundResponse(NOT_FOUND),
    ApiConflictResponse({
      description: 'The payment is no longer open',
      ...errorExample(409, 'Secure payment is expired: it can no longer be paid', 'Conflict'),
    }),
  );
