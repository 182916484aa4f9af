import { Body, Delete, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { CurrentCaller, CurrentRequestId, type OwnedClientIdCaller } from '@payrail/platform';
import {
  DeleteWebhook,
  FireTestWebhook,
  FireTestWebhookDto,
  ListDeliveriesQueryDto,
  ListWebhookDeliveries,
  ListWebhooks,
  PlatformWebhookCreatedDto,
  RedeliverWebhook,
  RedeliveryDto,
  RegisterWebhook,
  RegisterWebhookDto,
  RotateWebhookSecret,
  ToggleWebhook,
  WebhookEnvelopeDto,
  WebhookListDto,
  WebhookSecretRotatedDto,
  WebhookTestFireLimit,
  ApiRotateWebhookSecret,
  ApiWebhookDeliveries,
  ApiRedeliverWebhookDelivery,
} from '@payrail/webhooks';
import { ownerOf, PlatformWebhookRoutes, WEBHOOK_ID } from './platform-webhook-routes.js';
import { ApiRegisterWebhook, ApiListWebhooks, ApiTestFireWebhooks, ApiToggleWebhook, ApiDeleteWebhook } from './webhooks.openapi.js';

/**
 * Platform webhooks (spec: Platform webhooks): per Client ID, at {auth_url}/v1/webhook. The
 * Client ID is public (it ships in checkout pages), so every route also takes a secret of its
 * platform: the API key or a session of the platform's account (a deviation, see docs/deviations.md).
 */
@PlatformWebhookRoutes()
export class PlatformWebhooksController {
  constructor(
    private readonly register: RegisterWebhook,
    private readonly list: ListWebhooks,
    private readonly toggle: ToggleWebhook,
    private readonly remove: DeleteWebhook,
    private readonly fireTest: FireTestWebhook,
    private readonly deliveries: ListWebhookDeliveries,
    private readonly redeliver: RedeliverWebhook,
    private readonly rotate: RotateWebhookSecret,
  ) {}

  @Post()
  @ApiRegisterWebhook()
  async create(
    @Body() dto: RegisterWebhookDto,
    @CurrentCaller('client-id-with-owner') caller: OwnedClientIdCaller,
  ): Promise<PlatformWebhookCreatedDto> {
    const { webhook, secret } = await this.register.execute({
      owner: ownerOf(caller),
      url: dto.url,
      extendedRetries: dto.extendedRetries,
      rejectDuplicateUrl: false,
    });
    return { id: webhook.id, secret };
  }

  @Get()
  @ApiListWebhooks()
  async findAll(@CurrentCaller('client-id-with-owner') caller: OwnedClientIdCaller): Promise<WebhookListDto> {
    return { webhooks: await this.list.execute(ownerOf(caller)) };
  }

  @Post('test')
  @HttpCode(200)
  @UseGuards(WebhookTestFireLimit)
  @ApiTestFireWebhooks()
  test(
    @Body() dto: FireTestWebhookDto,
    @CurrentCaller('client-id-with-owner') caller: OwnedClientIdCaller,
    @CurrentRequestId() requestId: string | null,
  ) {
    const identity = { clientId: caller.clientId, orchestratorId: null };
    return this.fireTest.execute({ owner: ownerOf(caller), identity, eventType: dto.eventType, requestId });
  }

  @Put(':webhookId')
  @ApiToggleWebhook()
  async toggleOne(
    @Param('webhookId') webhookId: string,
    @CurrentCaller('client-id-with-owner') caller: OwnedClientIdCaller,
  ): Promise<WebhookEnvelopeDto> {
    return { webhook: await this.toggle.execute({ owner: ownerOf(caller), webhookId }) };
  }

  @Post(':webhookId/rotate-secret')
  @HttpCode(200)
  @ApiRotateWebhookSecret(WEBHOOK_ID)
  rotateSecret(
    @Param('webhookId') webhookId: string,
    @CurrentCaller('client-id-with-owner') caller: OwnedClientIdCaller,
  ): Promise<WebhookSecretRotatedDto> {
    return this.rotate.execute({ owner: ownerOf(caller), webhookId });
  }

  @Delete(':webhookId')
  @HttpCode(204)
  @ApiDeleteWebhook()
  async removeOne(
    @Param('webhookId') webhookId: string,
    @CurrentCaller('client-id-with-owner') caller: OwnedClientIdCaller,
  ): Promise<void> {
    await this.remove.execute({ owner: ownerOf(caller), webhookId });
  }

  @Get(':webhookId/deliveries')
  @ApiWebhookDeliveries(WEBHOOK_ID)
  history(
    @Param('webhookId') webhookId: string,
    @Query() query: ListDeliveriesQueryDto,
    @CurrentCaller('client-id-with-owner') caller: OwnedClientIdCaller,
  ) {
    return this.deliveries.execute({ owner: ownerOf(caller), webhookId, cursor: query.cursor, limit: query.limit });
  }

  @Post(':webhookId/deliveries/:deliveryId/redeliver')
  @HttpCode(202)
  @ApiRedeliverWebhookDelivery(WEBHOOK_ID, 'No such webhook or delivery for this caller')
  async redeliverOne(
    @Param('webhookId') webhookId: string,
    @Param('deliveryId') deliveryId: string,
    @CurrentCaller('client-id-with-owner') caller: OwnedClientIdCaller,
    @CurrentRequestId() requestId: string | null,
  ): Promise<RedeliveryDto> {
    return { delivery: await this.redeliver.execute({ owner: ownerOf(caller), webhookId, deliveryId, requestId }) };
  }
}
