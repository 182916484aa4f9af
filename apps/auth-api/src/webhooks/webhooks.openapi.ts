import { ApiAcceptedResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { ApiDocs } from '@payrail/platform';
import {
  ApiWebhookBadRequest,
  ApiWebhookCapConflict,
  ApiWebhookConflict,
  ApiWebhookNotFound,
  ApiWebhookTestFireLimited,
  DeliveryPageDto,
  PlatformWebhookCreatedDto,
  RedeliveryDto,
  TestFireResultDto,
  WebhookEnvelopeDto,
  WebhookListDto,
  WebhookSecretRotatedDto,
} from '@payrail/webhooks';
import { WEBHOOK_ID } from './platform-webhook-routes.js';

export const ApiRegisterWebhook = () =>
  ApiDocs(
    ApiOperation({ summary: 'Register a webhook endpoint', description: 'Returns the signing secret, once: it is never shown again.' }),
    ApiCreatedResponse({ type: PlatformWebhookCreatedDto }),
    ApiWebhookBadRequest('Invalid URL, or refused by the URL policy', 'Validation failed: url must use HTTPS'),
    ApiWebhookCapConflict(),
  );

export const ApiListWebhooks = () =>
  ApiDocs(
    ApiOperation({ summary: "This Client ID's webhook endpoints, active and inactive (never their secrets)" }),
    ApiOkResponse({ type: WebhookListDto }),
  );

export const ApiTestFireWebhooks = () =>
  ApiDocs(
    ApiOperation({
      summary: 'Fire a test delivery to every active endpoint of this Client ID',
      description:
        "The event's payload shape with placeholder values, signed like any delivery, with `x-service-test: true`; one attempt per endpoint. " +
        'Answers when every attempt finished (or after WEBHOOK_TEST_WAIT_MS, counting unfinished ones as failed).',
    }),
    ApiOkResponse({ type: TestFireResultDto }),
    ApiWebhookBadRequest('eventType is not an event name of the interface', 'Validation failed: eventType must be one of: ...'),
    ApiWebhookTestFireLimited(),
  );

export const ApiToggleWebhook = () =>
  ApiDocs(
    ApiOperation({
      summary: 'Toggle an endpoint between active and inactive',
      description: 'No body. Returns the endpoint in its new state.',
    }),
    WEBHOOK_ID,
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
    WEBHOOK_ID,
    ApiOkResponse({ type: WebhookSecretRotatedDto }),
    ApiWebhookNotFound(),
  );

export const ApiDeleteWebhook = () =>
  ApiDocs(
    ApiOperation({ summary: 'Delete an endpoint for good', description: 'Its secret and its whole delivery history are deleted with it.' }),
    WEBHOOK_ID,
    ApiNoContentResponse({ description: 'Deleted' }),
    ApiWebhookNotFound(),
  );

export const ApiWebhookDeliveries = () =>
  ApiDocs(
    ApiOperation({
      summary: 'Delivery history of an endpoint (beyond the spec)',
      description: 'Newest first, with every attempt; cursor pagination.',
    }),
    WEBHOOK_ID,
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
    WEBHOOK_ID,
    ApiParam({ name: 'deliveryId', description: 'Delivery id (x-service-delivery)' }),
    ApiAcceptedResponse({ type: RedeliveryDto, description: 'Queued' }),
    ApiWebhookNotFound('No such webhook or delivery for this caller'),
    ApiWebhookConflict('The delivery is still pending, or the endpoint is inactive', 'Delivery is still pending: wait for it to finish'),
  );
