import { ApiAcceptedResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { ApiDocs } from '@payrail/platform';
import {
  ApiWebhookBadRequest,
  ApiWebhookCapConflict,
  ApiWebhookConflict,
  ApiWebhookNotFound,
  ApiWebhookTestFireLimited,
  DeliveryPageDto,
  OrchestratorWebhookCreatedDto,
  RedeliveryDto,
  TestFireResultDto,
  WebhookEnvelopeDto,
  WebhookListDto,
  WebhookSecretRotatedDto,
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

export const ApiRotateWebhookSecret = () =>
  ApiDocs(
    ApiOperation({
      summary: "Replace an endpoint's signing secret in place (beyond the spec)",
      description:
        'Returns the new secret, once. x-service-signature uses it at once; for WEBHOOK_SECRET_OVERLAP_SECONDS (default 24 h) ' +
        'webhook-signature carries `v1,<new> v1,<old>`, so a receiver verifying the Standard Webhooks headers keeps working with the old secret meanwhile.',
    }),
    ID,
    ApiOkResponse({ type: WebhookSecretRotatedDto }),
    ApiWebhookNotFound(),
  );

export const ApiWebhookDeliveries = () =>
  ApiDocs(
    ApiOperation({
      summary: 'Delivery history of an endpoint (beyond the spec)',
      description: 'Newest first, with every attempt; cursor pagination.',
    }),
    ID,
    ApiOkResponse({ type: DeliveryPageDto }),
    ApiWebhookBadRequest(
      'limit outside 1-100, or a cursor that is not a nextCursor',
      'Validation failed: limit must not be greater than 100',
    ),
    ApiWebhookNotFound(),
  );

export const ApiRedeliverWebhookDelivery = () =>
  ApiDocs(
    ApiOperation({
      summary: 'Send a finished delivery again (beyond the spec)',
      description: 'Same delivery id and body, retry count from 0, the full retry schedule.',
    }),
    ID,
    ApiParam({ name: 'deliveryId', description: 'Delivery id (x-service-delivery)' }),
    ApiAcceptedResponse({ type: RedeliveryDto, description: 'Queued' }),
    ApiWebhookNotFound('No such webhook or delivery for this orchestrator'),
    ApiWebhookConflict('The delivery is still pending, or the endpoint is inactive', 'Delivery is still pending: wait for it to finish'),
  );
