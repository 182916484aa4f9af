import { Body, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentCaller, CurrentRequestId, type OrchestratorCaller } from '@payrail/platform';
import {
  ApiWebhookBadRequest,
  ApiWebhookConflict,
  ApiWebhookNotFound,
  RecoverDeliveriesDto,
  RecoverWebhookDeliveries,
  RecoveryStartedDto,
  UpdateWebhookSettings,
  WebhookEnvelopeDto,
  WebhookSettingsDto,
} from '@payrail/webhooks';
import { ID, OrchestratorWebhookRoutes, ownerOf } from './orchestrator-webhook-routes.js';

/** Delivery settings and bulk recovery of orchestrator endpoints (issue #22; beyond the interface). */
@OrchestratorWebhookRoutes()
export class OrchestratorWebhookDurabilityController {
  constructor(
    private readonly settings: UpdateWebhookSettings,
    private readonly recover: RecoverWebhookDeliveries,
  ) {}

  @Put(':id/settings')
  @ApiOperation({
    summary: 'Change the delivery settings of an endpoint (beyond the spec)',
    description:
      'Extended retry schedule on or off, per-endpoint concurrency and rate; fields left out keep their value, null restores the default.',
  })
  @ID
  @ApiOkResponse({ type: WebhookEnvelopeDto })
  @ApiWebhookBadRequest(
    "Invalid settings; maxConcurrency above WEBHOOK_MAX_ENDPOINT_SHARE of a worker process's slots",
    "Validation failed: maxConcurrency must not be greater than 50 (a share of a worker process's delivery slots)",
  )
  @ApiWebhookNotFound()
  async updateSettings(
    @Param('id') id: string,
    @Body() dto: WebhookSettingsDto,
    @CurrentCaller('orchestrator') caller: OrchestratorCaller,
  ): Promise<WebhookEnvelopeDto> {
    return { webhook: await this.settings.execute({ owner: ownerOf(caller), webhookId: id, settings: dto }) };
  }

  @Post(':id/recover')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Redeliver every failed (or every) delivery of an endpoint since a time (beyond the spec)',
    description:
      'Same delivery ids and bodies, retry count from 0, on a throttled recovery lane that cannot starve live deliveries. ' +
      'Bounded: since within WEBHOOK_RECOVER_WINDOW_DAYS (14), at most WEBHOOK_RECOVER_MAX_PER_CALL (10,000) deliveries a call, oldest first ' +
      "(more: true when some were left), one running recovery per owner; owners' recoveries take turns on the lane.",
  })
  @ID
  @ApiAcceptedResponse({ type: RecoveryStartedDto, description: 'Queued' })
  @ApiWebhookBadRequest(
    'Invalid since or status, or since older than WEBHOOK_RECOVER_WINDOW_DAYS',
    'Validation failed: since must be within the last 14 days (not before 2026-11-13T08:00:00.000Z)',
  )
  @ApiWebhookNotFound()
  @ApiWebhookConflict(
    'The endpoint is inactive; or a recovery of this owner is still running (its deliveries wait for their first attempt)',
    'Webhook is inactive: reactivate it before recovering deliveries',
  )
  recoverDeliveries(
    @Param('id') id: string,
    @Body() dto: RecoverDeliveriesDto,
    @CurrentCaller('orchestrator') caller: OrchestratorCaller,
    @CurrentRequestId() requestId: string | null,
  ): Promise<RecoveryStartedDto> {
    return this.recover.execute({
      owner: ownerOf(caller),
      webhookId: id,
      since: new Date(dto.since),
      all: dto.status === 'all',
      requestId,
    });
  }
}
