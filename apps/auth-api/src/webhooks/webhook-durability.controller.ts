import { Body, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CurrentCaller, CurrentRequestId, type OwnedClientIdCaller } from '@payrail/platform';
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
import { ownerOf, PlatformWebhookRoutes, WEBHOOK_ID } from './platform-webhook-routes.js';

/**
 * Delivery settings and bulk recovery of platform endpoints (issue #22; beyond the interface),
 * with the credentials of every /v1/webhook route: x-client-id plus its platform's API key or session.
 */
@PlatformWebhookRoutes()
export class PlatformWebhookDurabilityController {
  constructor(
    private readonly settings: UpdateWebhookSettings,
    private readonly recover: RecoverWebhookDeliveries,
  ) {}

  @Put(':webhookId/settings')
  @ApiUpdateWebhookSettings(WEBHOOK_ID)
  async updateSettings(
    @Param('webhookId') webhookId: string,
    @Body() dto: WebhookSettingsDto,
    @CurrentCaller('client-id-with-owner') caller: OwnedClientIdCaller,
  ): Promise<WebhookEnvelopeDto> {
    return { webhook: await this.settings.execute({ owner: ownerOf(caller), webhookId, settings: dto }) };
  }

  @Post(':webhookId/recover')
  @HttpCode(202)
  @ApiRecoverWebhookDeliveries(WEBHOOK_ID)
  recoverDeliveries(
    @Param('webhookId') webhookId: string,
    @Body() dto: RecoverDeliveriesDto,
    @CurrentCaller('client-id-with-owner') caller: OwnedClientIdCaller,
    @CurrentRequestId() requestId: string | null,
  ): Promise<RecoveryStartedDto> {
    return this.recover.execute({ owner: ownerOf(caller), webhookId, since: new Date(dto.since), all: dto.status === 'all', requestId });
  }
}
