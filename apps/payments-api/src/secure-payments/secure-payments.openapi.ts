import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
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
import { errorExample } from '../payments/dto/error-example.js';
import { BatchPaymentDataDto } from './dto/batch-payout-link.dto.js';
import { MulticallStateDto } from './dto/multicall-responses.dto.js';
import { CreatedSecurePaymentDto, InvalidatedSecurePaymentDto, SecurePaymentDataDto } from './dto/secure-payment-responses.dto.js';
import { AcceptedUserEventDto } from './dto/user-event.dto.js';

/** A secure payment's 404: the page's routes and the pay routes answer it alike. */
export const NOT_FOUND = {
  description: "Unknown token, or another Client ID's payment",
  ...errorExample(404, 'Secure payment not found', 'Not Found'),
};
/** The hosted page's routes are a browser context: Origin is required with any Client ID. */
const PAGE_ORIGIN = {
  description: 'no Origin header (required here with any Client ID)',
  message: 'Origin header is required with x-client-id',
};
/** How a payer proves control of its wallet (one personal_sign on the page); see docs/api/secure-payments.md. */
export const WALLET_PROOF_HEADERS = [
  {
    name: 'x-wallet-proof',
    required: false,
    description:
      'EIP-191 personal_sign signature of walletProofMessage(action, id, timestamp) = "Payrail wallet proof\\nAction: <action>\\nId: <id>\\nTimestamp: <timestamp>", ' +
      'by the payer wallet (EVM). With x-wallet-proof-timestamp.',
  },
  {
    name: 'x-wallet-proof-timestamp',
    required: false,
    description:
      'The signed timestamp (ISO 8601 UTC, e.g. 2026-01-01T00:00:00.000Z); valid 5 minutes, and each proof is accepted once per route',
  },
] as const;

/** Fiat amounts are converted at the current on-chain rate when the link is created. */
const RATE_UNAVAILABLE = {
  description: "A fiat invoice's rate is stale or unreadable (its network's RPC did not answer)",
  ...errorExample(503, 'No RPC endpoint of sepolia answered', 'Service Unavailable'),
};

export const ApiSecurePayments = () =>
  ApiDocs(ApiTags('Secure payments'), ApiExtraModels(SecurePaymentDataDto, MulticallStateDto, BatchPaymentDataDto));

export const ApiCreateSecurePayment = () =>
  ApiDocs(
    ApiSecurity('x-api-key'),
    ApiSecurity('x-client-id'),
    ApiSecurity('x-orchestrator-key'),
    ApiSecurity('__Host-session_token'),
    ApiSecurity('bearer'),
    ApiOperation({
      operationId: 'SecurePaymentV2Controller_createSecurePayment_v2',
      summary: 'Create a secure payment (hosted payment link)',
      description:
        'Creates the request behind the link like a payout (same currencies and conversion) and answers the token, page URL and the fee plan ' +
        "stored with the link: computed server-side from the Client ID's own fee or the platform's fee configuration, plus the orchestrator's " +
        '(docs/fee-plans.md); `feePercentage`/`feeAddress` in the body are deprecated and ignored. ' +
        'One item in `requests`. The link expires after `expiresIn` seconds (default 7 days). An orchestrator creates for a linked platform ' +
        "with `x-orchestrator-key` and that platform's `x-client-id`; its id is then fixed on the payment. Beyond the spec, a session of the " +
        "platform's account (the dashboard; bearer, or the cookie from a dashboard origin) creates too when no other credential is sent. " +
        "Created with the API key or a session, the payment belongs to the platform with no Client ID: no Client ID fee applies (the platform's fee configuration does), and any " +
        'Client ID of the platform reads its page.',
    }),
    ApiCreatedResponse({ type: CreatedSecurePaymentDto }),
    ApiBadRequestResponse({
      description: 'A field is invalid; `errors` names it',
      ...errorExample(400, 'Validation failed: redirectLabel cannot be provided without redirectUrl', 'Bad Request'),
    }),
    ApiAuthErrors(['orchestrator-key-with-client-id', 'api-key', 'client-id', 'session'], { cookieWrites: true }),
    ApiServiceUnavailableResponse(RATE_UNAVAILABLE),
  );

export const ApiCreatePayoutLink = () =>
  ApiDocs(
    ApiSecurity('x-api-key'),
    ApiSecurity('x-client-id'),
    ApiSecurity('x-orchestrator-key'),
    ApiOperation({
      operationId: 'SecurePaymentV2Controller_createPayoutLink_v2',
      summary: 'Create a single payout link',
      description:
        '`{recipient, network, currency, amount, creatorWalletAddress?, reference?, redirectUrl?, redirectLabel?, branding?, expiresIn?, accessPolicy?}`: a secure payment paying `recipient`.',
    }),
    ApiCreatedResponse({ type: CreatedSecurePaymentDto }),
    ApiBadRequestResponse({
      description: 'A field is invalid',
      ...errorExample(400, 'Validation failed: network must be sepolia, the network of fUSDC-sepolia', 'Bad Request'),
    }),
    ApiAuthErrors(['orchestrator-key-with-client-id', 'api-key', 'client-id']),
  );

export const ApiGetSecurePayment = () =>
  ApiDocs(
    ApiSecurity('x-client-id'),
    ApiHeader({ name: 'origin', required: true, description: 'Required with the Client ID (browser context)' }),
    ApiHeader({
      ...WALLET_PROOF_HEADERS[0],
      description: `${WALLET_PROOF_HEADERS[0].description} Action \`view-secure-payment\`, id the token.`,
    }),
    ApiHeader(WALLET_PROOF_HEADERS[1]),
    ApiOperation({
      operationId: 'SecurePaymentV2Controller_getSecurePaymentByToken_v2',
      summary: 'Get secure payment data by token',
      description:
        'Passive data for the hosted page (no calldata). An open payment past its expiry reads `expired`. `wallet` / `eoaWallet` select whose ' +
        'balances and approvals are read; only a wallet proven with x-wallet-proof is screened (KYT), checked against the allowlist with ' +
        'secure_payment.access_rejected, and sees an unmasked payee. A read never moves the payment to a final status. ' +
        'A multicall token (POST /v2/secure-payments/multicall-payouts) answers the multicall payout state, under the same access rules ' +
        '(payees masked with hidePayeeAddress until a proven, allowed wallet reads it).',
    }),
    ApiOkResponse({
      description:
        'The single record, the multicall payout state for a multicall token, or the batch record for a batch token (`paymentType` tells which)',
      schema: {
        oneOf: [
          { $ref: getSchemaPath(SecurePaymentDataDto) },
          { $ref: getSchemaPath(MulticallStateDto) },
          { $ref: getSchemaPath(BatchPaymentDataDto) },
        ],
      },
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
      forbidden: { description: 'the wallet is outside the allowlist', message: 'This wallet is not allowed to pay this secure payment' },
    }),
    ApiNotFoundResponse(NOT_FOUND),
  );

export const ApiInvalidateSecurePayment = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'SecurePaymentV2Controller_invalidateSecurePayment_v2',
      summary: 'Invalidate a secure payment',
      description:
        "Beyond the spec (which names the status but not the trigger): the platform's API key, or a session of its account (the dashboard), " +
        'invalidates an open payment (whichever Client ID created it); its page then reads `invalidated`. A Client ID is public (it ships in ' +
        'checkout pages), so it cannot: 403.',
    }),
    ApiOkResponse({ type: InvalidatedSecurePaymentDto }),
    ApiConflictResponse({
      description: 'The payment is no longer open',
      ...errorExample(409, 'Secure payment is completed and can no longer be invalidated', 'Conflict'),
    }),
    ApiNotFoundResponse(NOT_FOUND),
  );

export const ApiReportUserEvent = () =>
  ApiDocs(
    ApiSecurity('x-client-id'),
    ApiHeader({ name: 'origin', required: true, description: 'Required with the Client ID (browser context)' }),
    ApiOperation({
      operationId: 'SecurePaymentV2Controller_reportUserEvent_v2',
      summary: 'Report payer activity on the page',
      description:
        'wallet_connected, payment_sent_to_wallet or payment_approved_in_wallet; emitted as secure_payment.user_event with ' +
        '`wallet_address_hashed` (sha256 of the lowercased EVM / as-given Tron address), never the raw address. Rate limited per Client ID and IP, ' +
        'and per payment token and IP (USER_EVENTS_PER_MINUTE, default 30 a minute).',
    }),
    ApiAcceptedResponse({ type: AcceptedUserEventDto }),
    ApiBadRequestResponse({
      description: 'Invalid body (unknown userEvent, unknown field, bad walletAddress or timestamp)',
      ...errorExample(
        400,
        'Validation failed: userEvent must be one of the following values: wallet_connected, payment_sent_to_wallet, payment_approved_in_wallet',
        'Bad Request',
      ),
    }),
    ApiAuthErrors(['client-id'], {
      unauthorized: PAGE_ORIGIN,
      tooManyRequests: 'Too many reports for this payment from this IP (or past the Client ID limit); Retry-After says when to try again',
    }),
    ApiNotFoundResponse(NOT_FOUND),
  );
