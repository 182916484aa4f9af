import { Body, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CurrentCaller, CurrentRequestId, type OrchestratorCaller } from '@payrail/platform';
import {
  RecoverDeliveriesDto,
  RecoverWebhookDeliveries,
  RecoveryStartedDto,
  UpdateWebhookSettings,
  WebhookEnvelopeDto,
  WebhookSettingsDto,
  ApiUpdateWebhookSettings,
  ApiRecoverWebhookDeliveries,
} from '@payrail/webhooks';
import { OrchestratorWebhookRoutes, ownerOf, ID } from './orchestrator-webhook-routes.js';

/** Delivery settings and bulk recovery of orchestrator endpoints (issue #22; beyond the interface). */
@OrchestratorWebhookRoutes()
export class OrchestratorWebhookDurabilityController {
  constructor(
    private readonly settings: UpdateWebhookSettings,
    private readonly recover: RecoverWebhookDeliveries,
  ) {}

  @Put(':id/settings')
  @ApiUpdateWebhookSettings(ID)
  async updateSettings(
    @Param('id') id: string,
    @Body() dto: WebhookSettingsDto,
    @CurrentCaller('orchestrator') caller: OrchestratorCaller,
  ): Promise<WebhookEnvelopeDto> {
    return { webhook: await this.settings.execute({ owner: ownerOf(caller), webhookId: id, settings: dto }) };
  }

  @Post(':id/recover')
  @HttpCode(202)
  @ApiRecoverWebhookDeliveries(ID)
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
