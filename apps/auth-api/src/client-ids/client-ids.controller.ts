import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
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

/** The spec: a wallet session is required to manage Client IDs. */
function walletPlatform(caller: Caller): string {
  if (caller.kind !== 'session' || caller.sessionKind !== 'wallet')
    throw new PayrailError('FORBIDDEN', 'A wallet session is required to manage Client IDs');
  return caller.platformId;
}

@ApiTags('client-ids')
@ApiCookieAuth('session_token')
@Auth('session')
@RateLimitClassOf('management')
@Controller('v1/client-ids')
@ApiUnauthorizedResponse({ description: 'No valid session' })
@ApiForbiddenResponse({ description: 'Not a wallet session, or a cookie request from a non-dashboard origin' })
@ApiTooManyRequestsResponse()
export class ClientIdsController {
  constructor(
    private readonly create: CreateClientId,
    private readonly list: ListClientIds,
    private readonly get: GetClientId,
    private readonly update: UpdateClientId,
  ) {}

  @Post()
  @ApiOperation({ summary: "Create a Client ID for the session's platform" })
  @ApiCreatedResponse({ type: ClientIdResponse })
  @ApiBadRequestResponse()
  createClientId(@Body() dto: CreateClientIdDto, @CurrentCaller() caller: Caller) {
    return this.create.execute({
      platformId: walletPlatform(caller),
      label: dto.label,
      allowedOrigins: dto.allowedDomains,
      feePercentage: dto.feePercentage,
      feeAddress: dto.feeAddress,
    });
  }

  @Get()
  @ApiOperation({ summary: "The session platform's Client IDs" })
  @ApiOkResponse({ type: [ClientIdResponse] })
  listClientIds(@CurrentCaller() caller: Caller) {
    return this.list.execute({ platformId: walletPlatform(caller) });
  }

  @Get(':id')
  @ApiOkResponse({ type: ClientIdResponse })
  @ApiNotFoundResponse()
  getClientId(@Param('id') id: string, @CurrentCaller() caller: Caller) {
    return this.get.execute({ platformId: walletPlatform(caller), id });
  }

  @Put(':id')
  @ApiOperation({ summary: 'Update label, allowed domains, status (active/inactive/revoked; revoked is final) or default fee' })
  @ApiOkResponse({ type: ClientIdResponse })
  @ApiBadRequestResponse({ description: 'Invalid field, or reactivating a revoked Client ID' })
  @ApiNotFoundResponse()
  updateClientId(@Param('id') id: string, @Body() dto: UpdateClientIdDto, @CurrentCaller() caller: Caller) {
    const { allowedDomains, ...rest } = dto;
    return this.update.execute({ id, platformId: walletPlatform(caller), allowedOrigins: allowedDomains, ...rest });
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Revoke for good' })
  @ApiOkResponse({ type: ClientIdResponse })
  @ApiNotFoundResponse()
  revokeClientId(@Param('id') id: string, @CurrentCaller() caller: Caller) {
    return this.update.execute({ id, platformId: walletPlatform(caller), status: 'revoked' });
  }
}
