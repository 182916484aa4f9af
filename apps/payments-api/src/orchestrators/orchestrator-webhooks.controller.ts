import { Body, Delete, Inject, Param, Patch, Post } from '@nestjs/common';
import { CurrentCaller, type OrchestratorCaller } from '@payrail/platform';
import {
  OrchestratorWebhookCreatedDto,
  RegisterWebhook,
  RegisterWebhookDto,
  SetWebhookActive,
  WebhookCollectionRoutes,
  WebhookEndpointRoutes,
  WebhookEnvelopeDto,
} from '@payrail/webhooks';
import { ORCHESTRATOR_WEBHOOKS, OrchestratorWebhookRoutes } from './orchestrator-webhook-routes.js';
import {
  ApiRegisterWebhook,
  ApiListWebhooks,
  ApiTestFireWebhooks,
  ApiDeactivateWebhook,
  ApiReactivateWebhook,
} from './orchestrator-webhooks.openapi.js';

const { ownerOf } = ORCHESTRATOR_WEBHOOKS;

/** The orchestrator's own endpoint routes: DELETE deactivates (URL and secret kept), PATCH reactivates (spec: Orchestrator webhooks). */
abstract class OrchestratorEndpointRoutes extends WebhookEndpointRoutes(ORCHESTRATOR_WEBHOOKS) {
  @Inject(SetWebhookActive) protected readonly setActive!: SetWebhookActive;

  @Delete(':id')
  @ApiDeactivateWebhook()
  async deactivate(@Param('id') id: string, @CurrentCaller('orchestrator') caller: OrchestratorCaller): Promise<WebhookEnvelopeDto> {
    return { webhook: await this.setActive.execute({ owner: ownerOf(caller), webhookId: id, active: false }) };
  }

  @Patch(':id')
  @ApiReactivateWebhook()
  async reactivate(@Param('id') id: string, @CurrentCaller('orchestrator') caller: OrchestratorCaller): Promise<WebhookEnvelopeDto> {
    return { webhook: await this.setActive.execute({ owner: ownerOf(caller), webhookId: id, active: true }) };
  }
}

/**
 * Orchestrator webhooks (spec: Orchestrator webhooks), at {base_url}/v2/orchestrators/webhooks.
 * List, test fire, rotate, history and redeliver are the routes shared with platform webhooks.
 */
@OrchestratorWebhookRoutes()
export class OrchestratorWebhooksController extends WebhookCollectionRoutes(OrchestratorEndpointRoutes, ORCHESTRATOR_WEBHOOKS, {
  list: ApiListWebhooks(),
  test: ApiTestFireWebhooks(),
}) {
  constructor(private readonly register: RegisterWebhook) {
    super();
  }

  @Post()
  @ApiRegisterWebhook()
  create(
    @Body() dto: RegisterWebhookDto,
    @CurrentCaller('orchestrator') caller: OrchestratorCaller,
  ): Promise<OrchestratorWebhookCreatedDto> {
    return this.register.execute({ owner: ownerOf(caller), url: dto.url, extendedRetries: dto.extendedRetries, rejectDuplicateUrl: true });
  }
}
