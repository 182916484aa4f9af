import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ApiAuthErrors, apiErrorSchema as errorSchema } from '@payrail/platform';

/**
 * The error statuses every webhook route can answer (credential guard and rate limiter). Platform
 * routes take x-client-id with its platform's API key or session (mode client-id-with-owner).
 */
export const ApiWebhookAuthErrors = (credential: 'x-client-id' | 'x-orchestrator-key') =>
  credential === 'x-client-id' ? ApiAuthErrors(['client-id-with-owner'], { cookieWrites: true }) : ApiAuthErrors(['orchestrator-key']);

export const ApiWebhookBadRequest = (description: string, message: string) =>
  ApiBadRequestResponse({ description, ...errorSchema(400, message, 'Bad Request') });

export const ApiWebhookNotFound = (what = 'No such webhook for this caller') =>
  ApiNotFoundResponse({ description: what, ...errorSchema(404, 'Webhook not found', 'Not Found') });

export const ApiWebhookConflict = (description: string, message: string) =>
  ApiConflictResponse({ description, ...errorSchema(409, message, 'Conflict') });

/** Registration and reactivation refused at the owner's caps (endpoint-limits.ts). */
export const ApiWebhookCapConflict = (extra?: { description: string }) =>
  ApiWebhookConflict(
    [
      ...(extra ? [extra.description] : []),
      'The owner already has WEBHOOK_MAX_ENDPOINTS_PER_OWNER active endpoints (default 20), its platform WEBHOOK_MAX_ENDPOINTS_PER_PLATFORM (default 100), or WEBHOOK_MAX_ENDPOINTS_PER_HOST (default 5) on this URL host (names resolving to a shared address count as one host)',
    ].join('; or '),
    'Webhook endpoint limit reached: a Client ID may have at most 20 active endpoints; delete or deactivate one first',
  );

/** The test-fire routes' own per-owner limit, beside the credential's. */
export const ApiWebhookTestFireLimited = () =>
  ApiTooManyRequestsResponse({
    description:
      'Past the test-fire limit of the owner (WEBHOOK_TEST_FIRES_PER_MINUTE, default 10 a minute), or past the credential rate limit; Retry-After says when to try again',
    ...errorSchema(429, 'Too many requests', 'Too Many Requests'),
  });
