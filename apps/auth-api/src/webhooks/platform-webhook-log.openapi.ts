import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ApiDocs } from '@payrail/platform';
import { DeliveryLogPageDto, PlatformEndpointListDto, RedeliveredDto } from './dto/delivery-log.dto.js';

export const ApiPlatformWebhookLogController = () => ApiDocs(ApiTags('Webhooks'));

export const ApiListEndpoints = () =>
  ApiDocs(
    ApiOperation({
      summary: "Every webhook endpoint of the platform's Client IDs (beyond the spec)",
      description:
        "Register, toggle, delete, test-fire and rotate at /v1/webhook with the endpoint's `clientId` as x-client-id and the same session.",
    }),
    ApiOkResponse({ type: PlatformEndpointListDto }),
    ApiBadRequestResponse({ description: 'clientId is not a Client ID' }),
  );

export const ApiListDeliveries = () =>
  ApiDocs(
    ApiOperation({
      summary: "The delivery log across the platform's endpoints, newest first (beyond the spec)",
      description:
        'Filters `status`, `eventType`, `webhookId`, `clientId`, `from` / `to` (created at, `[from, to)`); each delivery with its payload, every ' +
        'attempt (status code, duration, response head, error) and `nextRetryAt`. Keyset pagination: pass `nextCursor` back as `cursor`.',
    }),
    ApiOkResponse({ type: DeliveryLogPageDto }),
    ApiBadRequestResponse({ description: 'An invalid filter, limit or cursor, or `to` not after `from`' }),
  );

export const ApiRedeliverOne = () =>
  ApiDocs(
    ApiOperation({
      summary: 'Send one delivery again (beyond the spec)',
      description:
        "As POST /v1/webhook/{webhookId}/deliveries/{deliveryId}/redeliver, found by delivery id among the platform's endpoints.",
    }),
    ApiAcceptedResponse({ type: RedeliveredDto, description: 'Queued' }),
    ApiNotFoundResponse({ description: "No such delivery to the platform's endpoints" }),
    ApiConflictResponse({ description: 'The delivery is still pending, or its endpoint is inactive' }),
  );
