import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { ApiDocs } from '@payrail/platform';
import { ApiWebhookBadRequest, ApiWebhookConflict, ApiWebhookNotFound } from './api-docs.js';
import { DeliveryPageDto, RedeliveryDto } from './dto/delivery.dto.js';
import { RecoveryStartedDto } from './dto/durability.dto.js';
import { WebhookEnvelopeDto, WebhookSecretRotatedDto } from './dto/webhook.dto.js';

/**
 * The documentation of the webhook routes both APIs serve alike (platform webhooks on auth-api,
 * orchestrator webhooks on payments-api). `id`: the app's path-parameter doc (`:webhookId` or `:id`).
 */
export const ApiRotateWebhookSecret = (id: MethodDecorator) =>
  ApiDocs(
    ApiOperation({
      summary: "Replace an endpoint's signing secret in place (beyond the spec)",
      description:
        'Returns the new secret, once. x-service-signature uses it at once; for WEBHOOK_SECRET_OVERLAP_SECONDS (default 24 h) ' +
        'webhook-signature carries `v1,<new> v1,<old>`, so a receiver verifying the Standard Webhooks headers keeps working with the old secret meanwhile.',
    }),
    id,
    ApiOkResponse({ type: WebhookSecretRotatedDto }),
    ApiWebhookNotFound(),
  );

export const ApiWebhookDeliveries = (id: MethodDecorator) =>
  ApiDocs(
    ApiOperation({
      summary: 'Delivery history of an endpoint (beyond the spec)',
      description: 'Newest first, with every attempt; cursor pagination.',
    }),
    id,
    ApiOkResponse({ type: DeliveryPageDto }),
    ApiWebhookBadRequest(
      'limit outside 1-100, or a cursor that is not a nextCursor',
      'Validation failed: limit must not be greater than 100',
    ),
    ApiWebhookNotFound(),
  );

/** `notFound`: the 404 description, naming who the caller is. */
export const ApiRedeliverWebhookDelivery = (id: MethodDecorator, notFound: string) =>
  ApiDocs(
    ApiOperation({
      summary: 'Send a finished delivery again (beyond the spec)',
      description: 'Same delivery id and body, retry count from 0, the full retry schedule.',
    }),
    id,
    ApiParam({ name: 'deliveryId', description: 'Delivery id (x-service-delivery)' }),
    ApiAcceptedResponse({ type: RedeliveryDto, description: 'Queued' }),
    ApiWebhookNotFound(notFound),
    ApiWebhookConflict('The delivery is still pending, or the endpoint is inactive', 'Delivery is still pending: wait for it to finish'),
  );

export const ApiUpdateWebhookSettings = (id: MethodDecorator) =>
  ApiDocs(
    ApiOperation({
      summary: 'Change the delivery settings of an endpoint (beyond the spec)',
      description:
        'Extended retry schedule on or off, per-endpoint concurrency and rate; fields left out keep their value, null restores the default.',
    }),
    id,
    ApiOkResponse({ type: WebhookEnvelopeDto }),
    ApiWebhookBadRequest(
      "Invalid settings; maxConcurrency above WEBHOOK_MAX_ENDPOINT_SHARE of a worker process's slots",
      "Validation failed: maxConcurrency must not be greater than 50 (a share of a worker process's delivery slots)",
    ),
    ApiWebhookNotFound(),
  );

export const ApiRecoverWebhookDeliveries = (id: MethodDecorator) =>
  ApiDocs(
    ApiOperation({
      summary: 'Redeliver every failed (or every) delivery of an endpoint since a time (beyond the spec)',
      description:
        'Same delivery ids and bodies, retry count from 0, on a throttled recovery lane that cannot starve live deliveries. ' +
        'Bounded: since within WEBHOOK_RECOVER_WINDOW_DAYS (14), at most WEBHOOK_RECOVER_MAX_PER_CALL (10,000) deliveries a call, oldest first ' +
        "(more: true when some were left), one running recovery per owner; owners' recoveries take turns on the lane.",
    }),
    id,
    ApiAcceptedResponse({ type: RecoveryStartedDto, description: 'Queued' }),
    ApiWebhookBadRequest(
      'Invalid since or status, or since older than WEBHOOK_RECOVER_WINDOW_DAYS',
      'Validation failed: since must be within the last 14 days (not before 2026-11-13T08:00:00.000Z)',
    ),
    ApiWebhookNotFound(),
    ApiWebhookConflict(
      'The endpoint is inactive; or a recovery of this owner is still running (its deliveries wait for their first attempt)',
      'Webhook is inactive: reactivate it before recovering deliveries',
    ),
  );
