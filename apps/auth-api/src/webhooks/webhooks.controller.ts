import { Body, Delete, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import { CurrentCaller, type OwnedClientIdCaller } from '@payrail/platform';
import {
  DeleteWebhook,
  PlatformWebhookCreatedDto,
  RegisterWebhook,
  RegisterWebhookDto,
  ToggleWebhook,
  WebhookCollectionRoutes,
  WebhookEndpointRoutes,
  WebhookEnvelopeDto,
} from '@payrail/webhooks';
import { PLATFORM_WEBHOOKS, PlatformWebhookRoutes } from './platform-webhook-routes.js';
import { ApiRegisterWebhook, ApiListWebhooks, ApiTestFireWebhooks, ApiToggleWebhook, ApiDeleteWebhook } from './webhooks.openapi.js';

const { ownerOf } = PLATFORM_WEBHOOKS;

/** The platform's own endpoint routes: PUT toggles active/inactive, DELETE removes for good (spec: Platform webhooks). */
abstract class PlatformEndpointRoutes extends WebhookEndpointRoutes(PLATFORM_WEBHOOKS) {
  @Inject(ToggleWebhook) protected readonly toggle!: ToggleWebhook;
  @Inject(DeleteWebhook) protected readonly remove!: DeleteWebhook;

  @Put(':webhookId')
  @ApiToggleWebhook()
  async toggleOne(
    @Param('webhookId') webhookId: string,
    @CurrentCaller('client-id-with-owner') caller: OwnedClientIdCaller,
  ): Promise<WebhookEnvelopeDto> {
    return { webhook: await this.toggle.execute({ owner: ownerOf(caller), webhookId }) };
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
}

/**
 * Platform webhooks (spec: Platform webhooks): per Client ID, at {auth_url}/v1/webhook. The
 * Client ID is public (it ships in checkout pages), so every route also takes a secret of its
 * platform: the API key or a session of the platform's account (a deviation, see docs/deviations.md).
 * List, test fire, rotate, history and redeliver are the routes shared with orchestrator webhooks.
 */
@PlatformWebhookRoutes()
export class PlatformWebhooksController extends WebhookCollectionRoutes(PlatformEndpointRoutes, PLATFORM_WEBHOOKS, {
  list: ApiListWebhooks(),
  test: ApiTestFireWebhooks(),
}) {
  constructor(private readonly register: RegisterWebhook) {
    super();
  }

  @Post()
  @ApiRegisterWebhook()
  async create(
    @Body() dto: RegisterWebhookDto,
    @CurrentCaller('client-id-with-owner') caller: OwnedClientIdCaller,
  ): Promise<PlatformWebhookCreatedDto> {
    const owner = ownerOf(caller);
    const { webhook, secret } = await this.register.execute({
      owner,
      url: dto.url,
      extendedRetries: dto.extendedRetries,
      rejectDuplicateUrl: false,
    });
    return { id: webhook.id, secret };
  }
}
