import { Body, Delete, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { CurrentCaller, CurrentRequestId, type OrchestratorCaller } from '@payrail/platform';
import {
  ApiWebhookBadRequest,
  ApiWebhookCapConflict,
  ApiWebhookConflict,
  ApiWebhookNotFound,
  ApiWebhookTestFireLimited,
  DeliveryPageDto,
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
  TestFireResultDto,
  WebhookEnvelopeDto,
  WebhookListDto,
  WebhookSecretRotatedDto,
  WebhookTestFireLimit,
} from '@payrail/webhooks';
import { ID, OrchestratorWebhookRoutes, ownerOf } from './orchestrator-webhook-routes.js';

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
  @ApiOperation({
    summary: 'Register a webhook endpoint',
    description: 'Returns the signing secret, once: never in list, deactivate or reactivate responses.',
  })
  @ApiCreatedResponse({ type: OrchestratorWebhookCreatedDto })
  @ApiWebhookBadRequest('Invalid URL, or refused by the URL policy', 'Validation failed: url must use HTTPS')
  @ApiWebhookCapConflict({
    description: 'The orchestrator already registered this URL, active or inactive: reactivate it (PATCH) instead',
  })
  create(
    @Body() dto: RegisterWebhookDto,
    @CurrentCaller('orchestrator') caller: OrchestratorCaller,
  ): Promise<OrchestratorWebhookCreatedDto> {
    return this.register.execute({ owner: ownerOf(caller), url: dto.url, extendedRetries: dto.extendedRetries, rejectDuplicateUrl: true });
  }

  @Get()
  @ApiOperation({ summary: "All of the orchestrator's endpoints, including inactive ones (never their secrets)" })
  @ApiOkResponse({ type: WebhookListDto })
  async findAll(@CurrentCaller('orchestrator') caller: OrchestratorCaller): Promise<WebhookListDto> {
    return { webhooks: await this.list.execute(ownerOf(caller)) };
  }

  @Post('test')
  @HttpCode(200)
  @UseGuards(WebhookTestFireLimit)
  @ApiOperation({
    summary: 'Fire a test delivery to every active endpoint',
    description:
      "The event's payload shape with placeholder values, signed, with `x-service-test: true`; one attempt per endpoint. " +
      '`sent` counts endpoints that answered 2xx, `failed` the others.',
  })
  @ApiOkResponse({ type: TestFireResultDto })
  @ApiWebhookBadRequest('eventType is not an event name of the interface', 'Validation failed: eventType must be one of: ...')
  @ApiWebhookTestFireLimited()
  test(
    @Body() dto: FireTestWebhookDto,
    @CurrentCaller('orchestrator') caller: OrchestratorCaller,
    @CurrentRequestId() requestId: string | null,
  ) {
    const identity = { clientId: null, orchestratorId: caller.orchestratorId };
    return this.fireTest.execute({ owner: ownerOf(caller), identity, eventType: dto.eventType, requestId });
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Deactivate an endpoint', description: 'Not a removal: URL and secret are kept; PATCH reactivates it.' })
  @ID
  @ApiOkResponse({ type: WebhookEnvelopeDto })
  @ApiWebhookNotFound()
  async deactivate(@Param('id') id: string, @CurrentCaller('orchestrator') caller: OrchestratorCaller): Promise<WebhookEnvelopeDto> {
    return { webhook: await this.setActive.execute({ owner: ownerOf(caller), webhookId: id, active: false }) };
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Reactivate an endpoint', description: 'No body; the endpoint keeps its URL and secret.' })
  @ID
  @ApiOkResponse({ type: WebhookEnvelopeDto })
  @ApiWebhookNotFound()
  @ApiWebhookCapConflict()
  async reactivate(@Param('id') id: string, @CurrentCaller('orchestrator') caller: OrchestratorCaller): Promise<WebhookEnvelopeDto> {
    return { webhook: await this.setActive.execute({ owner: ownerOf(caller), webhookId: id, active: true }) };
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @ApiOperation({
    summary: "Replace an endpoint's signing secret in place (beyond the spec)",
    description:
      'Returns the new secret, once. x-service-signature uses it at once; for WEBHOOK_SECRET_OVERLAP_SECONDS (default 24 h) ' +
      'webhook-signature carries `v1,<new> v1,<old>`, so a receiver verifying the Standard Webhooks headers keeps working with the old secret meanwhile.',
  })
  @ID
  @ApiOkResponse({ type: WebhookSecretRotatedDto })
  @ApiWebhookNotFound()
  rotateSecret(@Param('id') id: string, @CurrentCaller('orchestrator') caller: OrchestratorCaller): Promise<WebhookSecretRotatedDto> {
    return this.rotate.execute({ owner: ownerOf(caller), webhookId: id });
  }

  @Get(':id/deliveries')
  @ApiOperation({
    summary: 'Delivery history of an endpoint (beyond the spec)',
    description: 'Newest first, with every attempt; cursor pagination.',
  })
  @ID
  @ApiOkResponse({ type: DeliveryPageDto })
  @ApiWebhookBadRequest(
    'limit outside 1-100, or a cursor that is not a nextCursor',
    'Validation failed: limit must not be greater than 100',
  )
  @ApiWebhookNotFound()
  history(@Param('id') id: string, @Query() query: ListDeliveriesQueryDto, @CurrentCaller('orchestrator') caller: OrchestratorCaller) {
    return this.deliveries.execute({ owner: ownerOf(caller), webhookId: id, cursor: query.cursor, limit: query.limit });
  }

  @Post(':id/deliveries/:deliveryId/redeliver')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Send a finished delivery again (beyond the spec)',
    description: 'Same delivery id and body, retry count from 0, the full retry schedule.',
  })
  @ID
  @ApiParam({ name: 'deliveryId', description: 'Delivery id (x-service-delivery)' })
  @ApiAcceptedResponse({ type: RedeliveryDto, description: 'Queued' })
  @ApiWebhookNotFound('No such webhook or delivery for this orchestrator')
  @ApiWebhookConflict('The delivery is still pending, or the endpoint is inactive', 'Delivery is still pending: wait for it to finish')
  async redeliverOne(
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
    @CurrentCaller('orchestrator') caller: OrchestratorCaller,
    @CurrentRequestId() requestId: string | null,
  ): Promise<RedeliveryDto> {
    return { delivery: await this.redeliver.execute({ owner: ownerOf(caller), webhookId: id, deliveryId, requestId }) };
  }
}
