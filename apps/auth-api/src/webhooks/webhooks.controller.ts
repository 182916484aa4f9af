import { Body, Delete, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { CurrentCaller, CurrentRequestId, type OwnedClientIdCaller } from '@payrail/platform';
import {
  ApiWebhookBadRequest,
  ApiWebhookCapConflict,
  ApiWebhookConflict,
  ApiWebhookNotFound,
  ApiWebhookTestFireLimited,
  DeleteWebhook,
  DeliveryPageDto,
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
  TestFireResultDto,
  ToggleWebhook,
  WebhookEnvelopeDto,
  WebhookListDto,
  WebhookSecretRotatedDto,
  WebhookTestFireLimit,
} from '@payrail/webhooks';
import { ownerOf, PlatformWebhookRoutes, WEBHOOK_ID } from './platform-webhook-routes.js';

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
  @ApiOperation({ summary: 'Register a webhook endpoint', description: 'Returns the signing secret, once: it is never shown again.' })
  @ApiCreatedResponse({ type: PlatformWebhookCreatedDto })
  @ApiWebhookBadRequest('Invalid URL, or refused by the URL policy', 'Validation failed: url must use HTTPS')
  @ApiWebhookCapConflict()
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
  @ApiOperation({ summary: "This Client ID's webhook endpoints, active and inactive (never their secrets)" })
  @ApiOkResponse({ type: WebhookListDto })
  async findAll(@CurrentCaller('client-id-with-owner') caller: OwnedClientIdCaller): Promise<WebhookListDto> {
    return { webhooks: await this.list.execute(ownerOf(caller)) };
  }

  @Post('test')
  @HttpCode(200)
  @UseGuards(WebhookTestFireLimit)
  @ApiOperation({
    summary: 'Fire a test delivery to every active endpoint of this Client ID',
    description:
      "The event's payload shape with placeholder values, signed like any delivery, with `x-service-test: true`; one attempt per endpoint. " +
      'Answers when every attempt finished (or after WEBHOOK_TEST_WAIT_MS, counting unfinished ones as failed).',
  })
  @ApiOkResponse({ type: TestFireResultDto })
  @ApiWebhookBadRequest('eventType is not an event name of the interface', 'Validation failed: eventType must be one of: ...')
  @ApiWebhookTestFireLimited()
  test(
    @Body() dto: FireTestWebhookDto,
    @CurrentCaller('client-id-with-owner') caller: OwnedClientIdCaller,
    @CurrentRequestId() requestId: string | null,
  ) {
    const identity = { clientId: caller.clientId, orchestratorId: null };
    return this.fireTest.execute({ owner: ownerOf(caller), identity, eventType: dto.eventType, requestId });
  }

  @Put(':webhookId')
  @ApiOperation({
    summary: 'Toggle an endpoint between active and inactive',
    description: 'No body. Returns the endpoint in its new state.',
  })
  @WEBHOOK_ID
  @ApiOkResponse({ type: WebhookEnvelopeDto })
  @ApiWebhookNotFound()
  @ApiWebhookCapConflict()
  async toggleOne(
    @Param('webhookId') webhookId: string,
    @CurrentCaller('client-id-with-owner') caller: OwnedClientIdCaller,
  ): Promise<WebhookEnvelopeDto> {
    return { webhook: await this.toggle.execute({ owner: ownerOf(caller), webhookId }) };
  }

  @Post(':webhookId/rotate-secret')
  @HttpCode(200)
  @ApiOperation({
    summary: "Replace an endpoint's signing secret in place (beyond the spec)",
    description:
      'Returns the new secret, once. x-service-signature uses it at once; for WEBHOOK_SECRET_OVERLAP_SECONDS (default 24 h) ' +
      'webhook-signature carries `v1,<new> v1,<old>`, so a receiver verifying the Standard Webhooks headers keeps working with the old secret meanwhile.',
  })
  @WEBHOOK_ID
  @ApiOkResponse({ type: WebhookSecretRotatedDto })
  @ApiWebhookNotFound()
  rotateSecret(
    @Param('webhookId') webhookId: string,
    @CurrentCaller('client-id-with-owner') caller: OwnedClientIdCaller,
  ): Promise<WebhookSecretRotatedDto> {
    return this.rotate.execute({ owner: ownerOf(caller), webhookId });
  }

  @Delete(':webhookId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete an endpoint for good', description: 'Its secret and its whole delivery history are deleted with it.' })
  @WEBHOOK_ID
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiWebhookNotFound()
  async removeOne(
    @Param('webhookId') webhookId: string,
    @CurrentCaller('client-id-with-owner') caller: OwnedClientIdCaller,
  ): Promise<void> {
    await this.remove.execute({ owner: ownerOf(caller), webhookId });
  }

  @Get(':webhookId/deliveries')
  @ApiOperation({
    summary: 'Delivery history of an endpoint (beyond the spec)',
    description: 'Newest first, with every attempt; cursor pagination.',
  })
  @WEBHOOK_ID
  @ApiOkResponse({ type: DeliveryPageDto })
  @ApiWebhookBadRequest(
    'limit outside 1-100, or a cursor that is not a nextCursor',
    'Validation failed: limit must not be greater than 100',
  )
  @ApiWebhookNotFound()
  history(
    @Param('webhookId') webhookId: string,
    @Query() query: ListDeliveriesQueryDto,
    @CurrentCaller('client-id-with-owner') caller: OwnedClientIdCaller,
  ) {
    return this.deliveries.execute({ owner: ownerOf(caller), webhookId, cursor: query.cursor, limit: query.limit });
  }

  @Post(':webhookId/deliveries/:deliveryId/redeliver')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Send a finished delivery again (beyond the spec)',
    description: 'Same delivery id and body, retry count from 0, the full retry schedule.',
  })
  @WEBHOOK_ID
  @ApiParam({ name: 'deliveryId', description: 'Delivery id (x-service-delivery)' })
  @ApiAcceptedResponse({ type: RedeliveryDto, description: 'Queued' })
  @ApiWebhookNotFound('No such webhook or delivery for this caller')
  @ApiWebhookConflict('The delivery is still pending, or the endpoint is inactive', 'Delivery is still pending: wait for it to finish')
  async redeliverOne(
    @Param('webhookId') webhookId: string,
    @Param('deliveryId') deliveryId: string,
    @CurrentCaller('client-id-with-owner') caller: OwnedClientIdCaller,
    @CurrentRequestId() requestId: string | null,
  ): Promise<RedeliveryDto> {
    return { delivery: await this.redeliver.execute({ owner: ownerOf(caller), webhookId, deliveryId, requestId }) };
  }
}
