import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentCaller, CurrentRequestId, type PlatformCaller, PlatformAuth } from '@payrail/platform';
import {
  DeliveryLogPageDto,
  DeliveryLogQueryDto,
  EndpointsQueryDto,
  PlatformEndpointListDto,
  RedeliveredDto,
} from './dto/delivery-log.dto.js';
import { ListDeliveryLog } from './use-cases/list-delivery-log.use-case.js';
import { ListPlatformEndpoints } from './use-cases/list-platform-endpoints.use-case.js';
import { RedeliverPlatformDelivery } from './use-cases/redeliver-platform-delivery.use-case.js';

/**
 * The platform's webhooks across all its Client IDs (beyond the spec), for the dashboard and the
 * platform's server: its endpoints, the delivery log with every attempt, and a redeliver. No
 * x-client-id: the platform's API key or a session of its account scopes everything.
 */
@ApiTags('Webhooks')
@PlatformAuth({ cookieWrites: true })
@Controller('v1/webhooks')
export class PlatformWebhookLogController {
  constructor(
    private readonly endpoints: ListPlatformEndpoints,
    private readonly log: ListDeliveryLog,
    private readonly redeliver: RedeliverPlatformDelivery,
  ) {}

  @Get()
  @ApiOperation({
    summary: "Every webhook endpoint of the platform's Client IDs (beyond the spec)",
    description:
      "Register, toggle, delete, test-fire and rotate at /v1/webhook with the endpoint's `clientId` as x-client-id and the same session.",
  })
  @ApiOkResponse({ type: PlatformEndpointListDto })
  @ApiBadRequestResponse({ description: 'clientId is not a Client ID' })
  listEndpoints(
    @Query() query: EndpointsQueryDto,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
  ): Promise<PlatformEndpointListDto> {
    return this.endpoints.execute({ platformId: caller.platformId, clientId: query.clientId });
  }

  @Get('deliveries')
  @ApiOperation({
    summary: "The delivery log across the platform's endpoints, newest first (beyond the spec)",
    description:
      'Filters `status`, `eventType`, `webhookId`, `clientId`, `from` / `to` (created at, `[from, to)`); each delivery with its payload, every ' +
      'attempt (status code, duration, response head, error) and `nextRetryAt`. Keyset pagination: pass `nextCursor` back as `cursor`.',
  })
  @ApiOkResponse({ type: DeliveryLogPageDto })
  @ApiBadRequestResponse({ description: 'An invalid filter, limit or cursor, or `to` not after `from`' })
  listDeliveries(
    @Query() query: DeliveryLogQueryDto,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
  ): Promise<DeliveryLogPageDto> {
    return this.log.execute({ platformId: caller.platformId, query });
  }

  @Post('deliveries/:deliveryId/redeliver')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Send one delivery again (beyond the spec)',
    description: "As POST /v1/webhook/{webhookId}/deliveries/{deliveryId}/redeliver, found by delivery id among the platform's endpoints.",
  })
  @ApiAcceptedResponse({ type: RedeliveredDto, description: 'Queued' })
  @ApiNotFoundResponse({ description: "No such delivery to the platform's endpoints" })
  @ApiConflictResponse({ description: 'The delivery is still pending, or its endpoint is inactive' })
  async redeliverOne(
    @Param('deliveryId') deliveryId: string,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
    @CurrentRequestId() requestId: string | null,
  ): Promise<RedeliveredDto> {
    return { delivery: await this.redeliver.execute({ platformId: caller.platformId, deliveryId, requestId }) };
  }
}
