import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
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
import { ApiPlatformWebhookLogController, ApiListEndpoints, ApiListDeliveries, ApiRedeliverOne } from './platform-webhook-log.openapi.js';

/**
 * The platform's webhooks across all its Client IDs (beyond the spec), for the dashboard and the
 * platform's server: its endpoints, the delivery log with every attempt, and a redeliver. No
 * x-client-id: the platform's API key or a session of its account scopes everything.
 */
@ApiPlatformWebhookLogController()
@PlatformAuth({ cookieWrites: true })
@Controller('v1/webhooks')
export class PlatformWebhookLogController {
  constructor(
    private readonly endpoints: ListPlatformEndpoints,
    private readonly log: ListDeliveryLog,
    private readonly redeliver: RedeliverPlatformDelivery,
  ) {}

  @Get()
  @ApiListEndpoints()
  listEndpoints(
    @Query() query: EndpointsQueryDto,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
  ): Promise<PlatformEndpointListDto> {
    return this.endpoints.execute({ platformId: caller.platformId, clientId: query.clientId });
  }

  @Get('deliveries')
  @ApiListDeliveries()
  listDeliveries(
    @Query() query: DeliveryLogQueryDto,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
  ): Promise<DeliveryLogPageDto> {
    return this.log.execute({ platformId: caller.platformId, query });
  }

  @Post('deliveries/:deliveryId/redeliver')
  @HttpCode(202)
  @ApiRedeliverOne()
  async redeliverOne(
    @Param('deliveryId') deliveryId: string,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
    @CurrentRequestId() requestId: string | null,
  ): Promise<RedeliveredDto> {
    return { delivery: await this.redeliver.execute({ platformId: caller.platformId, deliveryId, requestId }) };
  }
}
