import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import { ApiAuthErrors, type ApiKeyCaller, Auth, CurrentCaller, RateLimitClassOf } from '@payrail/platform';
import {
  ClientIdResponse,
  CreateClientId,
  CreateClientIdDto,
  GetClientId,
  ListClientIds,
  UpdateClientId,
  UpdateClientIdDto,
} from '@payrail/tenancy';

/**
 * The API-key mirror of the auth service's Client ID management (`/v2/client-ids`, x-api-key
 * required): like auth-api's `/v1/client-ids`, a thin controller over the @payrail/tenancy use cases.
 */
@ApiTags('client-ids')
@ApiSecurity('x-api-key')
@Auth('api-key')
@RateLimitClassOf('management')
@Controller('v2/client-ids')
@ApiAuthErrors(['api-key'], {
  forbidden: {
    description:
      "credentials not allowed for the operation; or (PUT) a status change on a Client ID the operator restricted (the operator's to lift)",
    message: 'An API key is required to manage Client IDs',
  },
})
export class ClientIdsController {
  constructor(
    private readonly create: CreateClientId,
    private readonly list: ListClientIds,
    private readonly get: GetClientId,
    private readonly update: UpdateClientId,
  ) {}

  @Post()
  @ApiOperation({ summary: "Create a Client ID for the caller's platform" })
  @ApiCreatedResponse({ type: ClientIdResponse })
  @ApiBadRequestResponse()
  @ApiConflictResponse({
    description: 'The platform already holds MAX_CLIENT_IDS_PER_PLATFORM Client IDs (default 50, revoked ones aside)',
  })
  createClientId(@Body() dto: CreateClientIdDto, @CurrentCaller('api-key') caller: ApiKeyCaller) {
    const { label, allowedDomains, feePercentage, feeAddress } = dto;
    return this.create.execute({ platformId: caller.platformId, label, allowedOrigins: allowedDomains, feePercentage, feeAddress });
  }

  @Get()
  @ApiOperation({ summary: "The caller's platform's Client IDs" })
  @ApiOkResponse({ type: [ClientIdResponse] })
  listClientIds(@CurrentCaller('api-key') caller: ApiKeyCaller) {
    return this.list.execute({ platformId: caller.platformId });
  }

  @Get(':id')
  @ApiOkResponse({ type: ClientIdResponse })
  @ApiNotFoundResponse()
  getClientId(@Param('id') id: string, @CurrentCaller('api-key') caller: ApiKeyCaller) {
    return this.get.execute({ platformId: caller.platformId, id });
  }

  @Put(':id')
  @ApiOperation({ summary: 'Update label, allowed domains, status (active/inactive/revoked; revoked is final) or default fee' })
  @ApiOkResponse({ type: ClientIdResponse })
  @ApiBadRequestResponse({ description: 'Invalid field, or reactivating a revoked Client ID' })
  @ApiNotFoundResponse()
  updateClientId(@Param('id') id: string, @Body() dto: UpdateClientIdDto, @CurrentCaller('api-key') caller: ApiKeyCaller) {
    const { allowedDomains, ...rest } = dto;
    return this.update.execute({ id, platformId: caller.platformId, allowedOrigins: allowedDomains, ...rest });
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Revoke for good' })
  @ApiOkResponse({ type: ClientIdResponse })
  @ApiNotFoundResponse()
  revokeClientId(@Param('id') id: string, @CurrentCaller('api-key') caller: ApiKeyCaller) {
    return this.update.execute({ id, platformId: caller.platformId, status: 'revoked' });
  }
}
