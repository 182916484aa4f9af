import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { Auth, CurrentCaller, RateLimitClassOf, type SessionCaller } from '@payrail/platform';
import { CreateClientId, CreateClientIdDto, GetClientId, ListClientIds, UpdateClientId, UpdateClientIdDto } from '@payrail/tenancy';
import {
  ApiClientIdsController,
  ApiCreateClientId,
  ApiListClientIds,
  ApiGetClientId,
  ApiUpdateClientId,
  ApiRevokeClientId,
} from './client-ids.openapi.js';

/** The spec: a wallet session is required to manage Client IDs (an e-mail session is refused). */
function walletPlatformOf(caller: SessionCaller): string {
  if (caller.sessionKind !== 'wallet') throw new PayrailError('FORBIDDEN', 'A wallet session is required to manage Client IDs');
  return caller.platformId;
}

/**
 * Client ID management on auth-api (`/v1/client-ids`, wallet session). payments-api serves the same
 * routes with an API key (`/v2/client-ids`): each is a thin controller over the @payrail/tenancy use cases.
 */
@ApiClientIdsController()
@Auth('session')
@RateLimitClassOf('management')
@Controller('v1/client-ids')
export class ClientIdsController {
  constructor(
    private readonly create: CreateClientId,
    private readonly list: ListClientIds,
    private readonly get: GetClientId,
    private readonly update: UpdateClientId,
  ) {}

  @Post()
  @ApiCreateClientId()
  createClientId(@Body() dto: CreateClientIdDto, @CurrentCaller('session') caller: SessionCaller) {
    const { label, allowedDomains, feePercentage, feeAddress } = dto;
    return this.create.execute({ platformId: walletPlatformOf(caller), label, allowedOrigins: allowedDomains, feePercentage, feeAddress });
  }

  @Get()
  @ApiListClientIds()
  listClientIds(@CurrentCaller('session') caller: SessionCaller) {
    return this.list.execute({ platformId: walletPlatformOf(caller) });
  }

  @Get(':id')
  @ApiGetClientId()
  getClientId(@Param('id') id: string, @CurrentCaller('session') caller: SessionCaller) {
    return this.get.execute({ platformId: walletPlatformOf(caller), id });
  }

  @Put(':id')
  @ApiUpdateClientId()
  updateClientId(@Param('id') id: string, @Body() dto: UpdateClientIdDto, @CurrentCaller('session') caller: SessionCaller) {
    const { allowedDomains, ...rest } = dto;
    return this.update.execute({ id, platformId: walletPlatformOf(caller), allowedOrigins: allowedDomains, ...rest });
  }

  @Delete(':id')
  @ApiRevokeClientId()
  revokeClientId(@Param('id') id: string, @CurrentCaller('session') caller: SessionCaller) {
    return this.update.execute({ id, platformId: walletPlatformOf(caller), status: 'revoked' });
  }
}
