import {
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
import { RefundDto, RefundListDto } from './dto/refund.dto.js';

const NOT_FOUND = {
  description: 'No such request (or refund) for this caller',
  ...errorExample(404, 'Request not found', 'Not Found'),
};

export const ApiRefundsController = () => ApiDocs(ApiTags('Refunds'), ApiSecurity('x-api-key'));

export const ApiCreateRefund = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'RefundsController_create_v2',
      summary: 'Refund a paid request (all or part)',
      description:
        'Payrail extension (issue #35). Gives back what a request was paid, from the payee’s wallet (non-custodial): the answer is a ' +
        'refund `awaiting_signature` with the transactions the payee signs and sends in order, built as POST /v2/payouts builds ' +
        'them (ERC20FeeProxy: approve then transferFromWithReferenceAndFee; native: EthereumFeeProxy), to the refund address, fee 0, ' +
        'under the refund’s own payment reference. Detection moves it to `submitted` when its transaction is seen and `confirmed` ' +
        'under the network’s confirmations (refund.confirmed and the legacy payment.refunded). `amount` defaults to everything still ' +
        'refundable (paid minus refunds that have not failed); more is a 409. `refundAddress` defaults to the wallet that paid; ' +
        'it is required (400) for a payment through a deposit address. `Idempotency-Key` is required: the same key answers the ' +
        'first refund again (`Idempotent-Replayed: true`). EVM networks only. With `source: deposit_forwarder` (or an exception ' +
        'of kind wrong_token / unsweepable) the refund comes from the request’s deposit forwarder instead: only what it holds above ' +
        'the payment’s amount + fee (or the wrong token’s transfer), `refundAddress` required, `transactions` empty and `typedData` ' +
        'the EIP-712 refund the payee signs (POST …/{refundId}/signature); the platform’s relayer then sends it.',
    }),
    ApiHeader({ name: 'idempotency-key', required: true, description: 'Required: 1-255 printable ASCII characters, kept 24 hours' }),
    ApiCreatedResponse({ type: RefundDto }),
    ApiBadRequestResponse({
      description:
        'Idempotency-Key missing; amount not a positive decimal or with more decimals than the currency; refundAddress not an address, ' +
        'or missing for a deposit-address payment or when the paying wallet is unknown',
      ...errorExample(400, 'Validation failed: refundAddress is required: this request was paid through a deposit address', 'Bad Request'),
    }),
    ApiAuthErrors(['api-key', 'session']),
    ApiNotFoundResponse(NOT_FOUND),
    ApiConflictResponse({
      description:
        'Nothing paid, nothing left to refund, or the amount exceeds what is refundable; a Tron request; the Idempotency-Key was used ' +
        'with another body',
      ...errorExample(409, 'Refund exceeds the refundable amount: 1.5 is left to refund', 'Conflict'),
    }),
    ApiServiceUnavailableResponse({
      description: 'The network’s RPC did not answer',
      ...errorExample(503, 'No RPC endpoint of sepolia answered', 'Service Unavailable'),
    }),
  );

export const ApiListRefunds = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'RefundsController_list_v2',
      summary: 'List a request’s refunds',
      description: 'Payrail extension: the request’s refunds, oldest first, each with its transactions while awaiting_signature.',
    }),
    ApiOkResponse({ type: RefundListDto }),
    ApiBadRequestResponse({ description: 'requestId malformed', ...errorExample(400, 'Validation failed', 'Bad Request') }),
    ApiAuthErrors(['api-key', 'session']),
    ApiNotFoundResponse(NOT_FOUND),
  );

export const ApiGetRefund = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'RefundsController_get_v2',
      summary: 'Get a refund',
      description: 'Payrail extension: one refund of the request, its status and, while awaiting_signature, its transactions.',
    }),
    ApiOkResponse({ type: RefundDto }),
    ApiBadRequestResponse({ description: 'requestId or refundId malformed', ...errorExample(400, 'Validation failed', 'Bad Request') }),
    ApiAuthErrors(['api-key', 'session']),
    ApiNotFoundResponse(NOT_FOUND),
  );

export const ApiSignRefund = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'RefundsController_sign_v2',
      summary: 'Sign a refund held in a deposit forwarder',
      description:
        'Payrail extension (issue #35). The payee’s EIP-712 signature of a deposit_forwarder refund’s `typedData`. It must ' +
        'recover to the request’s payee; stored, the refund is `submitted` and chain-worker’s relayer sends ' +
        'DepositForwarderFactory.deployAndRefund; `confirmed` (refund.confirmed) once mined under the network’s confirmations, ' +
        '`failed` (refund.failed) when the transaction reverts or the forwarder refuses it.',
    }),
    ApiOkResponse({ type: RefundDto }),
    ApiBadRequestResponse({
      description: 'Malformed ids or signature; the signature is not the payee’s',
      ...errorExample(400, 'Validation failed: signature is not the payee’s', 'Bad Request'),
    }),
    ApiAuthErrors(['api-key', 'session']),
    ApiNotFoundResponse(NOT_FOUND),
    ApiConflictResponse({
      description: 'Not a deposit_forwarder refund, no longer awaiting its signature, or past its deadline',
      ...errorExample(409, 'Refund is submitted; only a refund awaiting its signature can be signed', 'Conflict'),
    }),
  );

export const ApiCancelRefund = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'RefundsController_cancel_v2',
      summary: 'Cancel an unsigned refund',
      description:
        'Payrail extension (issue #35). Gives up a refund still awaiting_signature: `cancelled` (failureReason `cancelled`), its ' +
        'amount is no longer reserved and its exception can be refunded again; refund.failed (status cancelled) is sent. A ' +
        'refund signed, sent or settled cannot be cancelled (409). Transactions or a signature already handed out remain valid ' +
        'on chain: a payee_wallet refund sent after all is still confirmed by detection.',
    }),
    ApiOkResponse({ type: RefundDto }),
    ApiBadRequestResponse({ description: 'requestId or refundId malformed', ...errorExample(400, 'Validation failed', 'Bad Request') }),
    ApiAuthErrors(['api-key', 'session']),
    ApiNotFoundResponse(NOT_FOUND),
    ApiConflictResponse({
      description: 'The refund is no longer awaiting its signature',
      ...errorExample(409, 'Refund is submitted; only a refund awaiting its signature can be cancelled', 'Conflict'),
    }),
  );

export const ApiReportRefundTransaction = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'RefundsController_reportTransaction_v2',
      summary: 'Report the transaction a payee’s wallet sent for a refund',
      description:
        'Payrail extension (issue #35). The hash of the payee_wallet refund’s transaction (the dashboard posts it after sending). ' +
        'A mined transfer is confirmed by detection as before; a reverted one emits no event, so chain-worker reads this ' +
        'receipt and makes the refund `failed` (failureReason `reverted`, refund.failed): its amount is free again.',
    }),
    ApiOkResponse({ type: RefundDto }),
    ApiBadRequestResponse({ description: 'Malformed ids or txHash', ...errorExample(400, 'Validation failed', 'Bad Request') }),
    ApiAuthErrors(['api-key', 'session']),
    ApiNotFoundResponse(NOT_FOUND),
    ApiConflictResponse({
      description: 'Not awaiting its signature, or a deposit_forwarder refund (the relayer sends those)',
      ...errorExample(409, 'Refund is confirmed; a transaction is reported only while it awaits its signature', 'Conflict'),
    }),
  );

/** POST /v2/exceptions/{id}/refund sits with the other exception routes in the docs. */
export const ApiExceptionRefundsController = () => ApiDocs(ApiTags('Payment exceptions'));

export const ApiRefundException = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'Exceptions_refund_v2',
      summary: 'Refund a payment exception',
      description:
        'A refund of the exception’s request linked to the exception (its exceptionId), built and answered as POST ' +
        '/v2/request/{id}/refunds answers (the payee’s wallet signs the transactions). `amount` defaults to the excess for ' +
        '`overpaid` and to everything received for underpaid, late, unexpected_payer and screening_rejected. wrong_token and ' +
        'unsweepable funds never left the deposit forwarder: their refund is a deposit_forwarder one (the payee signs `typedData`, ' +
        'the relayer sends it; `refundAddress` required), of the wrong token’s transfer, or of what the forwarder holds above the ' +
        'payment’s amount + fee. The exception stays ' +
        '`open` with the refund linked until the refund is confirmed on chain; then it is `refunded` (resolution `refunded`, ' +
        'payment.exception.resolved) in the same transaction as refund.confirmed. A refund that fails leaves it open again. ' +
        '`Idempotency-Key` is required.',
    }),
    ApiHeader({ name: 'idempotency-key', required: true, description: 'Required: 1-255 printable ASCII characters, kept 24 hours' }),
    ApiCreatedResponse({ type: RefundDto }),
    ApiBadRequestResponse({
      description: 'Malformed id; Idempotency-Key missing; amount or refundAddress invalid, or refundAddress missing where required',
      ...errorExample(400, 'Validation failed: Idempotency-Key is required on refunds', 'Bad Request'),
    }),
    ApiNotFoundResponse({
      description: "No such exception (another platform's is not found either)",
      ...errorExample(404, 'Exception not found', 'Not Found'),
    }),
    ApiConflictResponse({
      description:
        'The exception is not open or already has a refund under way; nothing left to refund or the amount exceeds it; the ' +
        'Idempotency-Key was used with another body',
      ...errorExample(409, 'Exception is refunded; only an open exception can be refunded', 'Conflict'),
    }),
  );
