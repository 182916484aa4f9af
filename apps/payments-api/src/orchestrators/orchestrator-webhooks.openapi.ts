import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiDocs } from '@payrail/platform';
import {
  ApiWebhookBadRequest,
  ApiWebhookCapConflict,
  ApiWebhookNotFound,
  ApiWebhookTestFireLimited,
  OrchestratorWebhookCreatedDto,
  TestFireResultDto,
  WebhookEnvelopeDto,
  WebhookListDto,
} from '@payrail/webhooks';
import { ID } from './orchestrator-webhook-routes.js';

export const ApiRegisterWebhook = () =>
  ApiDocs(
    ApiOperation({
      summary: 'Register a webhook endpoint',
      description: 'Returns the signing secret, once: never in list, deactivate or reactivate responses.',
    }),
    ApiCreatedResponse({ type: OrchestratorWebhookCreatedDto }),
    ApiWebhookBadRequest('Invalid URL, or refused by the URL policy', 'Validation failed: url must use HTTPS'),
    ApiWebhookCapConflict({
      description: 'The orchestrator already registered this URL, active or inactive: reactivate it (PATCH) instead',
    }),
  );

export const ApiListWebhooks = () =>
  ApiDocs(
    ApiOperation({ summary: "All of the orchestrator's endpoints, including inactive ones (never their secrets)" }),
    ApiOkResponse({ type: WebhookListDto }),
  );

export const ApiTestFireWebhooks = () =>
  ApiDocs(
    ApiOperation({
      summary: 'Fire a test delivery to every active endpoint',
      description:
        "The event's payload shape with placeholder values, signed, with `x-service-test: true`; one attempt per endpoint. " +
        '`sent` counts endpoints that answered 2xx, `failed` the others.',
    }),
    ApiOkResponse({ type: TestFireResultDto }),
    ApiWebhookBadRequest('eventType is not an event name of the interface', 'Validation failed: eventType must be one of: ...'),
    ApiWebhookTestFireLimited(),
  );

export const ApiDeactivateWebhook = () =>
  ApiDocs(
    ApiOperation({ summary: 'Deactivate an endpoint', description: 'Not a removal: URL and secret are kept; PATCH reactivates it.' }),
    ID,
    ApiOkResponse({ type: WebhookEnvelopeDto }),
    ApiWebhookNotFound(),
  );

export const ApiReactivateWebhook = () =>
  ApiDocs(
    ApiOperation({ summary: 'Reactivate an endpoint', description: 'No body; the endpoint keeps its URL and secret.' }),
    ID,
    ApiOkResponse({ type: WebhookEnvelopeDto }),
    ApiWebhookNotFound(),
    ApiWebhookCapConflict(),
  );
