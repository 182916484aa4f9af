import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { PayrailError } from '@payrail/domain';
import { ApiAuthErrors, Auth, CurrentCaller, RateLimitClassOf, type SessionCaller } from '@payrail/platform';
import {
  ClientIdResponse,
  CreateClientId,
  CreateClientIdDto,
  GetClientId,
  ListClientIds,
  UpdateClientId,
  UpdateClientIdDto,
} from '@payrail/tenancy';

/** The spec: a wallet session is required to manage Client IDs (an e-mail session is refused). */
function walletPlatformOf(caller: SessionCaller): string {
  if (caller.sessionKind !== 'wallet') throw new PayrailError('FORBIDDEN', 'A wallet session is required to manage Client IDs');
  return caller.platformId;
}

/**
 * Client ID management on auth-api (`/v1/client-ids`, wallet session). payments-api serves the same
 * routes with an API key (`/v2/client-ids`): each is a thin controller over the @payrail/tenancy use cases.
 */
@ApiTags('client-ids')
@ApiCookieAuth('session_token')
@Auth('session')
@RateLimitClassOf('management')
@Controller('v1/client-ids')
@ApiAuthErrors(['session'], {
  cookieWrites: true,
  forbidden: {
    description:
      "a session that is not a wallet session; or (PUT) a status change on a Client ID the operator restricted (the operator's to lift)",
    message: 'A wallet session is required to manage Client IDs',
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
  createClientId(@Body() dto: CreateClientIdDto, @CurrentCaller('session') caller: SessionCaller) {
    const { label, allowedDomains, feePercentage, feeAddress } = dto;
    return this.create.execute({ platformId: walletPlatformOf(caller), label, allowedOrigins: allowedDomains, feePercentage, feeAddress });
  }

  @Get()
  @ApiOperation({ summary: "The caller's platform's Client IDs" })
  @ApiOkResponse({ type: [ClientIdResponse] })
  listClientIds(@CurrentCaller('session') caller: SessionCaller) {
    return this.list.execute({ platformId: walletPlatformOf(caller) });
  }

  @Get(':id')
  @ApiOkResponse({ type: ClientIdResponse })
  @ApiNotFoundResponse()
  getClientId(@Param('id') id: string, @CurrentCaller('session') caller: SessionCaller) {
    return this.get.execute({ platformId: walletPlatformOf(caller), id });
  }

  @Put(':id')
  @ApiOperation({ summary: 'Update label, allowed domains, status (active/inactive/revoked; revoked is final) or default fee' })
  @ApiOkResponse({ type: ClientIdResponse })
  @ApiBadRequestResponse({ description: 'Invalid field, or reactivating a revoked Client ID' })
  @ApiNotFoundResponse()
  updateClientId(@Param('id') id: string, @Body() dto: UpdateClientIdDto, @CurrentCaller('session') caller: SessionCaller) {
    const { allowedDomains, ...rest } = dto;
    return this.update.execute({ id, platformId: walletPlatformOf(caller), allowedOrigins: allowedDomains, ...rest });
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Revoke for good' })
  @ApiOkResponse({ type: ClientIdResponse })
  @ApiNotFoundResponse()
  revokeClientId(@Param('id') id: string, @CurrentCaller('session') caller: SessionCaller) {
    return this.update.execute({ id, platformId: walletPlatformOf(caller), status: 'revoked' });
  }
}
