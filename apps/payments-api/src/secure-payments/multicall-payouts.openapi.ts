import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ApiAuthErrors, ApiDocs } from '@payrail/platform';
import { errorExample } from '../payments/dto/error-example.js';
import { CreatedMulticallDto, MulticallStateDto } from './dto/multicall-responses.dto.js';

export const ApiMulticallPayoutsController = () => ApiDocs(ApiTags('Secure payments'));

export const ApiCreateMulticallPayout = () =>
  ApiDocs(
    ApiSecurity('x-api-key'),
    ApiSecurity('x-client-id'),
    ApiSecurity('x-orchestrator-key'),
    ApiOperation({
      operationId: 'SecurePaymentV2Controller_createMulticallPayout_v2',
      summary: 'Create a multicall payout (several payouts on one page)',
      description:
        '`{payouts: [{payee, amount, invoiceCurrency, paymentCurrency, reference?}] (2 to 20, one payment currency), redirectUrl?, redirectLabel?, ' +
        'branding?, expiresIn?, accessPolicy?}`. Each payout gets a request and a child secure payment of its own; answers the multicall token, ' +
        'page URL, request ids and children.',
    }),
    ApiCreatedResponse({ type: CreatedMulticallDto }),
    ApiBadRequestResponse({
      description: 'A field is invalid',
      ...errorExample(400, 'Validation failed: payouts must contain at least 2 elements', 'Bad Request'),
    }),
    ApiAuthErrors(['orchestrator-key-with-client-id', 'api-key', 'client-id']),
    ApiServiceUnavailableResponse({
      description: "A fiat invoice's rate is stale or unreadable (its network's RPC did not answer)",
      ...errorExample(503, 'No RPC endpoint of sepolia answered', 'Service Unavailable'),
    }),
  );

export const ApiGetMulticallPayout = () =>
  ApiDocs(
    ApiBearerAuth(),
    ApiCookieAuth('session_token'),
    ApiOperation({
      operationId: 'SecurePaymentV2Controller_getMulticallPayout_v2',
      summary: 'Get a multicall payout state',
      description:
        'Passive data for page rendering (children with blockReason / recoveryAction, totals, amountSummary); no quotes, calldata, wallet routes ' +
        "or execution data. Session of the payout's platform: `Authorization: Bearer <token>` or the `session_token` cookie. " +
        '`analytics` USD amounts are decimal strings from the on-chain USD rates (exact sum, rounded half up to the cent): ' +
        '`totalPaymentAmountUsd` (children amounts, fees excluded), `orchestratorPayerFeeAmountUsd` (the fee paid on top by the payer), ' +
        '`protocolFeeAmountUsd` and `orchestratorRecipientFeeAmountUsd` "0.00"; all null with `feeAmountsUsdUnavailableReason` ' +
        '`usd_rate_unavailable` (no USD rate for the payment currency) or `usd_rate_source_unavailable` (rate unreadable now). ' +
        "Each child's `feePlan` prices its fee at the same rates (USD fields null when they are unavailable); null without a fee.",
    }),
    ApiOkResponse({ description: 'The multicall payout state', type: MulticallStateDto }),
    ApiAuthErrors(['session']),
    ApiNotFoundResponse({
      description: "Unknown token, or another platform's payout",
      ...errorExample(404, 'Multicall payout not found', 'Not Found'),
    }),
  );
