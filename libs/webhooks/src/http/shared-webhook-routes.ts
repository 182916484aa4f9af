import { Body, Get, HttpCode, Inject, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { CurrentCaller, CurrentRequestId, type CallerNarrowing, type NarrowedCallers } from '@payrail/platform';
import { ListDeliveriesQueryDto, RedeliveryDto } from '../dto/delivery.dto.js';
import { RecoverDeliveriesDto, RecoveryStartedDto, WebhookSettingsDto } from '../dto/durability.dto.js';
import { FireTestWebhookDto, WebhookEnvelopeDto, WebhookListDto, WebhookSecretRotatedDto } from '../dto/webhook.dto.js';
import {
  ApiRecoverWebhookDeliveries,
  ApiRedeliverWebhookDelivery,
  ApiRotateWebhookSecret,
  ApiUpdateWebhookSettings,
  ApiWebhookDeliveries,
} from '../route-docs.js';
import { WebhookTestFireLimit } from '../test-fire-limit.guard.js';
import { FireTestWebhook } from '../use-cases/fire-test-webhook.use-case.js';
import { ListWebhookDeliveries } from '../use-cases/list-webhook-deliveries.use-case.js';
import { ListWebhooks } from '../use-cases/list-webhooks.use-case.js';
import { RecoverWebhookDeliveries } from '../use-cases/recover-webhook-deliveries.use-case.js';
import { RedeliverWebhook } from '../use-cases/redeliver-webhook.use-case.js';
import { RotateWebhookSecret } from '../use-cases/rotate-webhook-secret.use-case.js';
import { UpdateWebhookSettings } from '../use-cases/update-webhook-settings.use-case.js';
import { type RouteBase, type WebhookRouteScope } from './webhook-route-scope.js';

/*
 * The webhook routes both APIs serve alike, written once. An app's controller is its path, auth
 * and docs (class decorators), its own routes (registration, and toggle/delete or
 * deactivate/reactivate) and a WebhookRouteScope. Nest lists a controller's routes own methods
 * first, then each base class's, so the classes are stacked in the order the committed OpenAPI
 * documents list the paths: the app's create, then the collection routes (list, test fire), then
 * the app's endpoint routes, then the endpoint routes below. Use cases are injected as properties
 * so each layer brings its own without threading constructor arguments through the others.
 */

/** Routes on one endpoint: rotate its secret, its delivery history, redeliver one delivery. */
export function WebhookEndpointRoutes<K extends CallerNarrowing>(scope: WebhookRouteScope<K>) {
  const id = scope.id.name;
  const idDoc = ApiParam(scope.id);
  abstract class EndpointRoutes {
    @Inject(RotateWebhookSecret) protected readonly rotate!: RotateWebhookSecret;
    @Inject(ListWebhookDeliveries) protected readonly deliveries!: ListWebhookDeliveries;
    @Inject(RedeliverWebhook) protected readonly redeliver!: RedeliverWebhook;

    @Post(`:${id}/rotate-secret`)
    @HttpCode(200)
    @ApiRotateWebhookSecret(idDoc)
    rotateSecret(@Param(id) webhookId: string, @CurrentCaller(scope.caller) caller: NarrowedCallers[K]): Promise<WebhookSecretRotatedDto> {
      return this.rotate.execute({ owner: scope.ownerOf(caller), webhookId });
    }

    @Get(`:${id}/deliveries`)
    @ApiWebhookDeliveries(idDoc)
    history(@Param(id) webhookId: string, @Query() query: ListDeliveriesQueryDto, @CurrentCaller(scope.caller) caller: NarrowedCallers[K]) {
      return this.deliveries.execute({ owner: scope.ownerOf(caller), webhookId, cursor: query.cursor, limit: query.limit });
    }

    @Post(`:${id}/deliveries/:deliveryId/redeliver`)
    @HttpCode(202)
    @ApiRedeliverWebhookDelivery(idDoc, scope.redeliverNotFound)
    async redeliverOne(
      @Param(id) webhookId: string,
      @Param('deliveryId') deliveryId: string,
      @CurrentCaller(scope.caller) caller: NarrowedCallers[K],
      @CurrentRequestId() requestId: string | null,
    ): Promise<RedeliveryDto> {
      return { delivery: await this.redeliver.execute({ owner: scope.ownerOf(caller), webhookId, deliveryId, requestId }) };
    }
  }
  return EndpointRoutes;
}

/** Docs of the collection routes: their prose names the caller ("this Client ID", "the orchestrator"). */
export interface CollectionRouteDocs {
  list: MethodDecorator;
  test: MethodDecorator;
}

/** Routes on the collection, stacked above `Base`: list the endpoints, fire a test delivery to them. */
export function WebhookCollectionRoutes<K extends CallerNarrowing, B extends RouteBase>(
  Base: B,
  scope: WebhookRouteScope<K>,
  docs: CollectionRouteDocs,
) {
  abstract class CollectionRoutes extends Base {
    @Inject(ListWebhooks) protected readonly list!: ListWebhooks;
    @Inject(FireTestWebhook) protected readonly fireTest!: FireTestWebhook;

    @Get()
    @docs.list
    async findAll(@CurrentCaller(scope.caller) caller: NarrowedCallers[K]): Promise<WebhookListDto> {
      return { webhooks: await this.list.execute(scope.ownerOf(caller)) };
    }

    @Post('test')
    @HttpCode(200)
    @UseGuards(WebhookTestFireLimit)
    @docs.test
    test(
      @Body() dto: FireTestWebhookDto,
      @CurrentCaller(scope.caller) caller: NarrowedCallers[K],
      @CurrentRequestId() requestId: string | null,
    ) {
      const owner = scope.ownerOf(caller);
      return this.fireTest.execute({ owner, identity: scope.identityOf(caller), eventType: dto.eventType, requestId });
    }
  }
  return CollectionRoutes;
}

/** Delivery settings and bulk recovery of one endpoint (issue #22; beyond the interface): a whole controller body. */
export function WebhookDurabilityRoutes<K extends CallerNarrowing>(scope: WebhookRouteScope<K>) {
  const id = scope.id.name;
  const idDoc = ApiParam(scope.id);
  abstract class DurabilityRoutes {
    @Inject(UpdateWebhookSettings) protected readonly settings!: UpdateWebhookSettings;
    @Inject(RecoverWebhookDeliveries) protected readonly recover!: RecoverWebhookDeliveries;

    @Put(`:${id}/settings`)
    @ApiUpdateWebhookSettings(idDoc)
    async updateSettings(
      @Param(id) webhookId: string,
      @Body() dto: WebhookSettingsDto,
      @CurrentCaller(scope.caller) caller: NarrowedCallers[K],
    ): Promise<WebhookEnvelopeDto> {
      return { webhook: await this.settings.execute({ owner: scope.ownerOf(caller), webhookId, settings: dto }) };
    }

    @Post(`:${id}/recover`)
    @HttpCode(202)
    @ApiRecoverWebhookDeliveries(idDoc)
    recoverDeliveries(
      @Param(id) webhookId: string,
      @Body() dto: RecoverDeliveriesDto,
      @CurrentCaller(scope.caller) caller: NarrowedCallers[K],
      @CurrentRequestId() requestId: string | null,
    ): Promise<RecoveryStartedDto> {
      const since = new Date(dto.since);
      return this.recover.execute({ owner: scope.ownerOf(caller), webhookId, since, all: dto.status === 'all', requestId });
    }
  }
  return DurabilityRoutes;
}
