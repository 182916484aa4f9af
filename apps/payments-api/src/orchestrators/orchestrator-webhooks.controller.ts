import { Body, Delete, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { CurrentCaller, CurrentRequestId, type OrchestratorCaller } from '@payrail/platform';
import {
  FireTestWebhook,
  FireTestWebhookDto,
  ListDeliveriesQueryDto,
  ListWebhookDeliveries,
  ListWebhooks,
  OrchestratorWebhookCreatedDto,
  RedeliverWebhook,
  RedeliveryDto,
  RegisterWebhook,
  RegisterWebhookDto,
  RotateWebhookSecret,
  SetWebhookActive,
  WebhookEnvelopeDto,
  WebhookListDto,
  WebhookSecretRotatedDto,
  WebhookTestFireLimit,
  ApiRotateWebhookSecret,
  ApiWebhookDeliveries,
  ApiRedeliverWebhookDelivery,
} from '@payrail/webhooks';
import { OrchestratorWebhookRoutes, ownerOf, ID } from './orchestrator-webhook-routes.js';
import {
  ApiRegisterWebhook,
  ApiListWebhooks,
  ApiTestFireWebhooks,
  ApiDeactivateWebhook,
  ApiReactivateWebhook,
} from './orchestrator-webhooks.openapi.js';

/** Orchestrator webhooks (spec: Orchestrator webhooks), at {base_url}/v2/orchestrators/webhooks. */
@OrchestratorWebhookRoutes()
export class OrchestratorWebhooksController {
  constructor(
    private readonly register: RegisterWebhook,
    private readonly list: ListWebhooks,
    private readonly setActive: SetWebhookActive,
    private readonly fireTest: FireTestWebhook,
    private readonly deliveries: ListWebhookDeliveries,
    private readonly redeliver: RedeliverWebhook,
    private readonly rotate: RotateWebhookSecret,
  ) {}

  @Post()
  @ApiRegisterWebhook()
  create(
    @Body() dto: RegisterWebhookDto,
    @CurrentCaller('orchestrator') caller: OrchestratorCaller,
  ): Promise<OrchestratorWebhookCreatedDto> {
    return this.register.execute({ owner: ownerOf(caller), url: dto.url, extendedRetries: dto.extendedRetries, rejectDuplicateUrl: true });
  }

  @Get()
  @ApiListWebhooks()
  async findAll(@CurrentCaller('orchestrator') caller: OrchestratorCaller): Promise<WebhookListDto> {
    return { webhooks: await this.list.execute(ownerOf(caller)) };
  }

  @Post('test')
  @HttpCode(200)
  @UseGuards(WebhookTestFireLimit)
  @ApiTestFireWebhooks()
  test(
    @Body() dto: FireTestWebhookDto,
    @CurrentCaller('orchestrator') caller: OrchestratorCaller,
    @CurrentRequestId() requestId: string | null,
  ) {
    const identity = { clientId: null, orchestratorId: caller.orchestratorId };
    return this.fireTest.execute({ owner: ownerOf(caller), identity, eventType: dto.eventType, requestId });
  }

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

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @ApiRotateWebhookSecret(ID)
  rotateSecret(@Param('id') id: string, @CurrentCaller('orchestrator') caller: OrchestratorCaller): Promise<WebhookSecretRotatedDto> {
    return this.rotate.execute({ owner: ownerOf(caller), webhookId: id });
  }

  @Get(':id/deliveries')
  @ApiWebhookDeliveries(ID)
  history(@Param('id') id: string, @Query() query: ListDeliveriesQueryDto, @CurrentCaller('orchestrator') caller: OrchestratorCaller) {
    return this.deliveries.execute({ owner: ownerOf(caller), webhookId: id, cursor: query.cursor, limit: query.limit });
  }

  @Post(':id/deliveries/:deliveryId/redeliver')
  @HttpCode(202)
  @ApiRedeliverWebhookDelivery(ID, 'No such webhook or delivery for this orchestrator')
  async redeliverOne(
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
    @CurrentCaller('orchestrator') caller: OrchestratorCaller,
    @CurrentRequestId() requestId: string | null,
  ): Promise<RedeliveryDto> {
    return { delivery: await this.redeliver.execute({ owner: ownerOf(caller), webhookId: id, deliveryId, requestId }) };
  }
}
