import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { type ApiKeyCaller, Auth, CurrentCaller, RateLimitClassOf } from '@payrail/platform';
import { CreateClientId, CreateClientIdDto, GetClientId, ListClientIds, UpdateClientId, UpdateClientIdDto } from '@payrail/tenancy';
import {
  ApiClientIdsController,
  ApiCreateClientId,
  ApiListClientIds,
  ApiGetClientId,
  ApiUpdateClientId,
  ApiRevokeClientId,
} from './client-ids.openapi.js';

/**
 * The API-key mirror of the auth service's Client ID management (`/v2/client-ids`, x-api-key
 * required): like auth-api's `/v1/client-ids`, a thin controller over the @payrail/tenancy use cases.
 */
@ApiClientIdsController()
@Auth('api-key')
@RateLimitClassOf('management')
@Controller('v2/client-ids')
export class ClientIdsController {
  constructor(
    private readonly create: CreateClientId,
    private readonly list: ListClientIds,
    private readonly get: GetClientId,
    private readonly update: UpdateClientId,
  ) {}

  @Post()
  @ApiCreateClientId()
  createClientId(@Body() dto: CreateClientIdDto, @CurrentCaller('api-key') caller: ApiKeyCaller) {
    const { label, allowedDomains, feePercentage, feeAddress } = dto;
    return this.create.execute({ platformId: caller.platformId, label, allowedOrigins: allowedDomains, feePercentage, feeAddress });
  }

  @Get()
  @ApiListClientIds()
  listClientIds(@CurrentCaller('api-key') caller: ApiKeyCaller) {
    return this.list.execute({ platformId: caller.platformId });
  }

  @Get(':id')
  @ApiGetClientId()
  getClientId(@Param('id') id: string, @CurrentCaller('api-key') caller: ApiKeyCaller) {
    return this.get.execute({ platformId: caller.platformId, id });
  }

  @Put(':id')
  @ApiUpdateClientId()
  updateClientId(@Param('id') id: string, @Body() dto: UpdateClientIdDto, @CurrentCaller('api-key') caller: ApiKeyCaller) {
    const { allowedDomains, ...rest } = dto;
    return this.update.execute({ id, platformId: caller.platformId, allowedOrigins: allowedDomains, ...rest });
  }

  @Delete(':id')
  @ApiRevokeClientId()
  revokeClientId(@Param('id') id: string, @CurrentCaller('api-key') caller: ApiKeyCaller) {
    return this.update.execute({ id, platformId: caller.platformId, status: 'revoked' });
  }
}
