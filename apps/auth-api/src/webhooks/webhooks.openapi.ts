import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiDocs } from '@payrail/platform';
import {
  ApiWebhookBadRequest,
  ApiWebhookCapConflict,
  ApiWebhookNotFound,
  ApiWebhookTestFireLimited,
  PlatformWebhookCreatedDto,
  TestFireResultDto,
  WebhookEnvelopeDto,
  WebhookListDto,
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

export const ApiDeleteWebhook = () =>
  ApiDocs(
    ApiOperation({ summary: 'Delete an endpoint for good', description: 'Its secret and its whole delivery history are deleted with it.' }),
    WEBHOOK_ID,
    ApiNoContentResponse({ description: 'Deleted' }),
    ApiWebhookNotFound(),
  );
