import { ApiAcceptedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiDocs } from '@payrail/platform';
import { ApiWebhookBadRequest, ApiWebhookConflict, ApiWebhookNotFound, RecoveryStartedDto, WebhookEnvelopeDto } from '@payrail/webhooks';
import { WEBHOOK_ID } from './platform-webhook-routes.js';

export const ApiUpdateWebhookSettings = () =>
  ApiDocs(
    ApiOperation({
      summary: 'Change the delivery settings of an endpoint (beyond the spec)',
      description:
        'Extended retry schedule on or off, per-endpoint concurrency and rate; fields left out keep their value, null restores the default.',
    }),
    WEBHOOK_ID,
    ApiOkResponse({ type: WebhookEnvelopeDto }),
    ApiWebhookBadRequest(
      "Invalid settings; maxConcurrency above WEBHOOK_MAX_ENDPOINT_SHARE of a worker process's slots",
      "Validation failed: maxConcurrency must not be greater than 50 (a share of a worker process's delivery slots)",
    ),
    ApiWebhookNotFound(),
  );

export const ApiRecoverWebhookDeliveries = () =>
  ApiDocs(
    ApiOperation({
      summary: 'Redeliver every failed (or every) delivery of an endpoint since a time (beyond the spec)',
      description:
        'Same delivery ids and bodies, retry count from 0, on a throttled recovery lane that cannot starve live deliveries. ' +
        'Bounded: since within WEBHOOK_RECOVER_WINDOW_DAYS (14), at most WEBHOOK_RECOVER_MAX_PER_CALL (10,000) deliveries a call, oldest first ' +
        "(more: true when some were left), one running recovery per owner; owners' recoveries take turns on the lane.",
    }),
    WEBHOOK_ID,
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
