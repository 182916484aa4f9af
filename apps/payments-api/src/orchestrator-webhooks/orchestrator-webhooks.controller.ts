import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { PayrailError } from '@payrail/domain';
import type { WebhookOwner } from '@payrail/persistence';
import {
  ApiWebhookAuthErrors,
  ApiWebhookBadRequest,
  ApiWebhookConflict,
  ApiWebhookNotFound,
  Auth,
  type Caller,
  CurrentCaller,
  CurrentRequestId,
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
  TestFireResultDto,
  WebhookEnvelopeDto,
  WebhookListDto,
} from '@payrail/platform';
import { SetWebhookActive } from './use-cases/set-webhook-active.use-case.js';

function orchestratorCaller(caller: Caller): { owner: WebhookOwner; orchestratorId: string } {
  if (caller.kind !== 'orchestrator') throw new PayrailError('UNAUTHENTICATED', 'Missing x-orchestrator-key header');
  return { owner: { kind: 'orchestrator', orchestratorId: caller.orchestratorId }, orchestratorId: caller.orchestratorId };
}

const ID = ApiParam({ name: 'id', description: 'Endpoint id (webhook.id)' });

/** Orchestrator webhooks (spec: Orchestrator webhooks), at {base_url}/v2/orchestrators/webhooks. */
@ApiTags('Orchestrator webhooks')
@ApiSecurity('x-orchestrator-key')
@ApiWebhookAuthErrors('x-orchestrator-key')
@Auth('orchestrator-key')
@Controller('v2/orchestrators/webhooks')
export class OrchestratorWebhooksController {
  constructor(
    private readonly register: RegisterWebhook,
    private readonly list: ListWebhooks,
    private readonly setActive: SetWebhookActive,
    private readonly fireTest: FireTestWebhook,
    private readonly deliveries: ListWebhookDeliveries,
    private readonly redeliver: RedeliverWebhook,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Register a webhook endpoint',
    description: 'Returns the signing secret, once: never in list, deactivate or reactivate responses.',
  })
  @ApiCreatedResponse({ type: OrchestratorWebhookCreatedDto })
  @ApiWebhookBadRequest('Invalid URL, or refused by the URL policy', 'Validation failed: url must use HTTPS')
  @ApiWebhookConflict(
    'The orchestrator already registered this URL, active or inactive: reactivate it (PATCH) instead',
    'A webhook with this URL is already registered (id 01JD3Y2ZK8Q7V6W5X4T3S2R1P0); reactivate it instead of registering it again',
  )
  create(@Body() dto: RegisterWebhookDto, @CurrentCaller() caller: Caller): Promise<OrchestratorWebhookCreatedDto> {
    return this.register.execute({ owner: orchestratorCaller(caller).owner, url: dto.url, rejectDuplicateUrl: true });
  }

  @Get()
  @ApiOperation({ summary: "All of the orchestrator's endpoints, including inactive ones (never their secrets)" })
  @ApiOkResponse({ type: WebhookListDto })
  async findAll(@CurrentCaller() caller: Caller): Promise<WebhookListDto> {
    return { webhooks: await this.list.execute(orchestratorCaller(caller).owner) };
  }

  @Post('test')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Fire a test delivery to every active endpoint',
    description:
      "The event's payload shape with placeholder values, signed, with `x-service-test: true`; one attempt per endpoint. " +
      '`sent` counts endpoints that answered 2xx, `failed` the others.',
  })
  @ApiOkResponse({ type: TestFireResultDto })
  @ApiWebhookBadRequest('eventType is not an event name of the interface', 'Validation failed: eventType must be one of: ...')
  test(@Body() dto: FireTestWebhookDto, @CurrentCaller() caller: Caller, @CurrentRequestId() requestId: string | null) {
    const { owner, orchestratorId } = orchestratorCaller(caller);
    return this.fireTest.execute({ owner, identity: { clientId: null, orchestratorId }, eventType: dto.eventType, requestId });
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Deactivate an endpoint', description: 'Not a removal: URL and secret are kept; PATCH reactivates it.' })
  @ID
  @ApiOkResponse({ type: WebhookEnvelopeDto })
  @ApiWebhookNotFound()
  async deactivate(@Param('id') id: string, @CurrentCaller() caller: Caller): Promise<WebhookEnvelopeDto> {
    return { webhook: await this.setActive.execute({ owner: orchestratorCaller(caller).owner, webhookId: id, active: false }) };
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Reactivate an endpoint', description: 'No body; the endpoint keeps its URL and secret.' })
  @ID
  @ApiOkResponse({ type: WebhookEnvelopeDto })
  @ApiWebhookNotFound()
  async reactivate(@Param('id') id: string, @CurrentCaller() caller: Caller): Promise<WebhookEnvelopeDto> {
    return { webhook: await this.setActive.execute({ owner: orchestratorCaller(caller).owner, webhookId: id, active: true }) };
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
  history(@Param('id') id: string, @Query() query: ListDeliveriesQueryDto, @CurrentCaller() caller: Caller) {
    return this.deliveries.execute({ owner: orchestratorCaller(caller).owner, webhookId: id, cursor: query.cursor, limit: query.limit });
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
    @CurrentCaller() caller: Caller,
    @CurrentRequestId() requestId: string | null,
  ): Promise<RedeliveryDto> {
    return { delivery: await this.redeliver.execute({ owner: orchestratorCaller(caller).owner, webhookId: id, deliveryId, requestId }) };
  }
}
