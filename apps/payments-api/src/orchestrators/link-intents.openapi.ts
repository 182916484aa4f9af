import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { ApiAuthErrors, ApiDocs } from '@payrail/platform';
import { errorExample } from '../payments/dto/error-example.js';
import { CompletedLinkIntentDto, CreatedLinkIntentDto, LinkIntentViewDto } from './dto/link-intent.dto.js';

export const ApiLinkIntentsController = () => ApiDocs(ApiTags('Orchestrators'));

export const ApiCreateLinkIntent = () =>
  ApiDocs(
    ApiSecurity('x-orchestrator-key'),
    ApiOperation({
      operationId: 'OrchestratorV2Controller_createLinkIntent_v2',
      summary: 'Create an onboarding link intent',
      description:
        'Beyond the spec (which names the flow, not its routes): answers `{intentId, externalId, onboardingUrl, expiresAt}` (7 days).',
    }),
    ApiCreatedResponse({ type: CreatedLinkIntentDto }),
    ApiBadRequestResponse({
      description: 'A field is invalid',
      ...errorExample(400, 'Validation failed: externalId must be shorter than or equal to 255 characters', 'Bad Request'),
    }),
    ApiAuthErrors(['orchestrator-key']),
  );

export const ApiGetLinkIntent = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'OrchestratorV2Controller_getLinkIntent_v2',
      summary: 'Read an onboarding link intent (hosted onboarding page)',
      description:
        'Beyond the spec: what the hosted onboarding page shows before the platform signs in: the orchestrator asking to link, ' +
        'the Client ID the intent is for (null: an open invite), its state and expiry. No credential: the intent id is the secret.',
    }),
    ApiOkResponse({ type: LinkIntentViewDto }),
    ApiNotFoundResponse({ description: 'Unknown intent', ...errorExample(404, 'Link intent not found', 'Not Found') }),
    ApiTooManyRequestsResponse({ description: 'Too many requests from this client IP; Retry-After says when to try again' }),
  );

export const ApiCompleteLinkIntent = () =>
  ApiDocs(
    ApiBearerAuth(),
    ApiOperation({
      operationId: 'OrchestratorV2Controller_completeLinkIntent_v2',
      summary: 'Complete an onboarding link intent (hosted onboarding, platform wallet session)',
      description: 'Links the Client ID to the orchestrator with a payout destination and emits client_id.linked to the orchestrator only.',
    }),
    ApiOkResponse({ type: CompletedLinkIntentDto }),
    ApiBadRequestResponse({
      description: 'A field is invalid',
      ...errorExample(
        400,
        'Validation failed: currency: currency must be a destination token, USDC or USDT, such as USDC-base or USDT-tron',
        'Bad Request',
      ),
    }),
    ApiAuthErrors(['session'], {
      cookieWrites: true,
      forbidden: {
        description:
          'An e-mail session (link intents are completed with a wallet session), or another Client ID than the one the intent was created for',
        message: 'Link intents are completed with a wallet session',
      },
    }),
    ApiNotFoundResponse({
      description: "Unknown intent, or a Client ID not of the session's platform",
      ...errorExample(404, 'Link intent not found', 'Not Found'),
    }),
    ApiConflictResponse({
      description: 'Intent already completed or expired',
      ...errorExample(409, 'Link intent is already completed', 'Conflict'),
    }),
  );
