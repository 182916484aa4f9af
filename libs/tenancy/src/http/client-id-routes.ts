import { Body, Delete, Get, Injectable, Param, Post, Put, type Type } from '@nestjs/common';
import { CurrentCaller, type NarrowedCallers } from '@payrail/platform';
import { CreateClientIdDto, UpdateClientIdDto } from '../dto/client-id.dto.js';
import { CreateClientId } from '../use-cases/create-client-id.use-case.js';
import { GetClientId } from '../use-cases/get-client-id.use-case.js';
import { ListClientIds } from '../use-cases/list-client-ids.use-case.js';
import { UpdateClientId } from '../use-cases/update-client-id.use-case.js';
import { ApiCreateClientId, ApiGetClientId, ApiListClientIds, ApiRevokeClientId, ApiUpdateClientId } from './client-ids.openapi.js';

export interface ClientIdRoutesOptions<K extends 'api-key' | 'session'> {
  /** The caller the routes take (the controller declares the matching `@Auth`). */
  caller: K;
  /** The platform whose Client IDs the caller manages (may refuse with a coded error). */
  platformOf: (caller: NarrowedCallers[K]) => string;
}

/**
 * Client ID management (create, list, get, update, revoke) as both APIs serve it: auth-api at
 * `/v1/client-ids` for a wallet session, payments-api at `/v2/client-ids` for an API key. Each app
 * extends the class this returns with its path, `@Auth`, rate-limit class and OpenAPI security;
 * the routes, their documentation and the calls into the use cases are here once.
 */
export function ClientIdRoutes<K extends 'api-key' | 'session'>({ caller: kind, platformOf }: ClientIdRoutesOptions<K>) {
  @Injectable()
  class ClientIdRoutesBase {
    constructor(
      private readonly create: CreateClientId,
      private readonly list: ListClientIds,
      private readonly get: GetClientId,
      private readonly update: UpdateClientId,
    ) {}

    @Post()
    @ApiCreateClientId()
    createClientId(@Body() dto: CreateClientIdDto, @CurrentCaller(kind) caller: NarrowedCallers[K]) {
      const { label, allowedDomains, feePercentage, feeAddress, payeeDestinationId } = dto;
      return this.create.execute({
        platformId: platformOf(caller),
        label,
        allowedOrigins: allowedDomains,
        feePercentage,
        feeAddress,
        payeeDestinationId,
      });
    }

    @Get()
    @ApiListClientIds()
    listClientIds(@CurrentCaller(kind) caller: NarrowedCallers[K]) {
      return this.list.execute({ platformId: platformOf(caller) });
    }

    @Get(':id')
    @ApiGetClientId()
    getClientId(@Param('id') id: string, @CurrentCaller(kind) caller: NarrowedCallers[K]) {
      return this.get.execute({ platformId: platformOf(caller), id });
    }

    @Put(':id')
    @ApiUpdateClientId()
    updateClientId(@Param('id') id: string, @Body() dto: UpdateClientIdDto, @CurrentCaller(kind) caller: NarrowedCallers[K]) {
      const { allowedDomains, ...rest } = dto;
      return this.update.execute({ id, platformId: platformOf(caller), allowedOrigins: allowedDomains, ...rest });
    }

    @Delete(':id')
    @ApiRevokeClientId()
    revokeClientId(@Param('id') id: string, @CurrentCaller(kind) caller: NarrowedCallers[K]) {
      return this.update.execute({ id, platformId: platformOf(caller), status: 'revoked' });
    }
  }
  return ClientIdRoutesBase as Type<ClientIdRoutesBase>;
}
