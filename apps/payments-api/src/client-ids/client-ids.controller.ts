import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { PayrailError } from '@payrail/domain';
import { Auth, CurrentCaller, RateLimitClassOf, type Caller } from '@payrail/platform';
import {
  ClientIdResponse,
  CreateClientId,
  CreateClientIdDto,
  GetClientId,
  ListClientIds,
  UpdateClientId,
  UpdateClientIdDto,
} from '@payrail/tenancy';

/** The API-key mirror of the auth service's Client ID management (x-api-key required). */
function platformOf(caller: Caller): string {
  if (caller.kind !== 'api-key') throw new PayrailError('FORBIDDEN', 'An API key is required to manage Client IDs');
  return caller.platformId;
}

@ApiTags('client-ids')
@ApiSecurity('x-api-key')
@Auth('api-key')
@RateLimitClassOf('management')
@Controller('v2/client-ids')
@ApiUnauthorizedResponse({ description: 'Missing or invalid x-api-key' })
@ApiForbiddenResponse({ description: 'Credentials not allowed for the operation' })
@ApiTooManyRequestsResponse()
export class ClientIdsController {
  constructor(
    private readonly create: CreateClientId,
    private readonly list: ListClientIds,
    private readonly get: GetClientId,
    private readonly update: UpdateClientId,
  ) {}

  @Post()
  @ApiOperation({ summary: "Create a Client ID for the API key's platform" })
  @ApiCreatedResponse({ type: ClientIdResponse })
  @ApiBadRequestResponse()
  createClientId(@Body() dto: CreateClientIdDto, @CurrentCaller() caller: Caller) {
    return this.create.execute({
      platformId: platformOf(caller),
      label: dto.label,
      allowedOrigins: dto.allowedDomains,
      feePercentage: dto.feePercentage,
      feeAddress: dto.feeAddress,
    });
  }

  @Get()
  @ApiOperation({ summary: "The platform's Client IDs" })
  @ApiOkResponse({ type: [ClientIdResponse] })
  listClientIds(@CurrentCaller() caller: Caller) {
    return this.list.execute({ platformId: platformOf(caller) });
  }

  @Get(':id')
  @ApiOkResponse({ type: ClientIdResponse })
  @ApiNotFoundResponse()
  getClientId(@Param('id') id: string, @CurrentCaller() caller: Caller) {
    return this.get.execute({ platformId: platformOf(caller), id });
  }

  @Put(':id')
  @ApiOperation({ summary: 'Update label, allowed domains, status (active/inactive/revoked; revoked is final) or default fee' })
  @ApiOkResponse({ type: ClientIdResponse })
  @ApiBadRequestResponse({ description: 'Invalid field, or reactivating a revoked Client ID' })
  @ApiNotFoundResponse()
  updateClientId(@Param('id') id: string, @Body() dto: UpdateClientIdDto, @CurrentCaller() caller: Caller) {
    const { allowedDomains, ...rest } = dto;
    return this.update.execute({ id, platformId: platformOf(caller), allowedOrigins: allowedDomains, ...rest });
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Revoke for good' })
  @ApiOkResponse({ type: ClientIdResponse })
  @ApiNotFoundResponse()
  revokeClientId(@Param('id') id: string, @CurrentCaller() caller: Caller) {
    return this.update.execute({ id, platformId: platformOf(caller), status: 'revoked' });
  }
}
