import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiExtraModels,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { ApiAuthErrors, ApiDocs } from '@payrail/platform';
import { BatchPayoutResponseDto, OneTimePayoutResponseDto } from '../payments/dto/payout-responses.dto.js';
import { errorExample } from '../payments/dto/error-example.js';
import { AcceptedPaymentIntentDto } from './dto/payment-intent.dto.js';
import { NOT_FOUND, WALLET_PROOF_HEADERS } from './secure-payments.openapi.js';

const ORIGIN_HEADER = { name: 'origin', required: true, description: 'Required with the Client ID (browser context)' };

export const ApiSecurePaymentPayController = () =>
  ApiDocs(ApiTags('Secure payments'), ApiExtraModels(OneTimePayoutResponseDto, BatchPayoutResponseDto));

export const ApiGetSecurePaymentCalldata = () =>
  ApiDocs(
    ApiSecurity('x-client-id'),
    ApiHeader(ORIGIN_HEADER),
    ApiHeader({
      ...WALLET_PROOF_HEADERS[0],
      description: `${WALLET_PROOF_HEADERS[0].description} Action \`view-secure-payment\`, id the token (the record's proof serves here too).`,
    }),
    ApiHeader(WALLET_PROOF_HEADERS[1]),
    ApiOperation({
      operationId: 'SecurePaymentV2Controller_getSecurePaymentCalldata_v2',
      summary: 'Get the transactions that pay a secure payment (hosted page)',
      description:
        "Beyond the interface. Same query, auth and access rules as GET /v2/secure-payments/{token}. A single payment answers POST /v2/payouts' " +
        'one-time answer for its request (`{requestId, paymentReference, transactions, metadata}`: the approval when the allowance of the ' +
        'funds holder, `eoaWallet` else `wallet`, is short, then the fee-proxy call; Tron: TRC-20 calls), its balances, allowance and gas read in one ' +
        "RPC round trip. A multicall token answers POST /v2/payouts/batch' answer over its executable children (a batch token: over its unpaid payouts) " +
        '(`{ERC20ApprovalTransactions, batchPaymentTransaction, metadata, requests}`). Without a wallet the flags are unchecked (true) and ' +
        'approvals always included. A payment hiding its payee answers only a proven, allowed (KYT-approved with screening) wallet.',
    }),
    ApiOkResponse({
      description: 'Single payment: the one-time payout answer; multicall: the batch answer',
      schema: { oneOf: [{ $ref: getSchemaPath(OneTimePayoutResponseDto) }, { $ref: getSchemaPath(BatchPayoutResponseDto) }] },
    }),
    ApiBadRequestResponse({
      description: 'A query rule is broken',
      ...errorExample(400, 'Validation failed: token must be sent together with chain', 'Bad Request'),
    }),
    ApiAuthErrors(['client-id'], {
      unauthorized: {
        description:
          'no Origin header, or a wallet proof that does not verify (bad signature, stale timestamp) or was already used on this route',
        message: 'Wallet proof has expired: sign a fresh timestamp (proofs are valid for 5 minutes)',
      },
      forbidden: {
        description:
          'the wallet is outside the allowlist, KYT rejected it, or the payment hides its payee and no proven, allowed wallet asked',
        message: 'This wallet is not allowed to pay this secure payment',
      },
    }),
    ApiNotFoundResponse({
      ...NOT_FOUND,
      description: `${NOT_FOUND.description}; or the wallet is not an account of the payment network (Wallet not found)`,
    }),
    ApiConflictResponse({
      description: 'The payment is no longer open (expired, invalidated, completed, compliance_failed), or no multicall child can be paid',
      ...errorExample(409, 'Secure payment is expired: it can no longer be paid', 'Conflict'),
    }),
    ApiServiceUnavailableResponse({
      description: "The network's RPC (or TronGrid) did not answer",
      ...errorExample(503, 'No RPC endpoint of sepolia answered', 'Service Unavailable'),
    }),
  );

export const ApiReportPaymentIntent = () =>
  ApiDocs(
    ApiSecurity('x-client-id'),
    ApiHeader(ORIGIN_HEADER),
    ApiOperation({
      operationId: 'SecurePaymentV2Controller_reportPaymentIntent_v2',
      summary: 'Report the transaction the page submitted (hosted page)',
      description:
        'Beyond the interface. Stores the intent and tells chain-worker, which fetches the receipt at once and runs a detection pass, so the ' +
        'payment settles within about a second of the receipt. Settles nothing by itself: detection does, from the chain (a hash with no ' +
        "matching transfer settles nothing; `payerAddress` is informational). `chain` must be the payment's network. Rate limited like the " +
        'user-event reports (per Client ID and IP, and per payment token and IP, USER_EVENTS_PER_MINUTE), and bounded: a payment holds at most ' +
        'INTENTS_OPEN_PER_LINK (default 5) and a Client ID INTENTS_OPEN_PER_CLIENT_ID (default 50) open intents (not yet resolved by ' +
        'chain-worker), 429 beyond; a repeated report of a stored transaction is never refused.',
    }),
    ApiAcceptedResponse({ type: AcceptedPaymentIntentDto }),
    ApiBadRequestResponse({
      description: "Invalid body: txHash not a transaction hash, chain not the payment's network, bad payerAddress",
      ...errorExample(400, "Validation failed: chain must be the payment's network: sepolia", 'Bad Request'),
    }),
    ApiAuthErrors(['client-id'], {
      unauthorized: {
        description: 'no Origin header (required here with any Client ID)',
        message: 'Origin header is required with x-client-id',
      },
      tooManyRequests:
        'Too many intents for this payment from this IP (or past the Client ID limit), or too many open intents for this payment or ' +
        'Client ID; Retry-After says when to try again',
    }),
    ApiNotFoundResponse(NOT_FOUND),
  );
