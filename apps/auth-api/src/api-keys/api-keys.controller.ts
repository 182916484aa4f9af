import { Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { PayrailError } from '@payrail/domain';
import { ApiAuthErrors, Auth, CurrentCaller, RateLimitClassOf, type SessionCaller } from '@payrail/platform';
import { CreateApiKey, RevokeApiKey } from '@payrail/tenancy';
import { ApiKeyPageDto, CreatedApiKeyDto, ListApiKeysQueryDto, RevokedApiKeyDto } from './dto/api-key.dto.js';
import { ListApiKeys } from './use-cases/list-api-keys.use-case.js';

/**
 * As for Client IDs (the interface: a wallet session manages them), only a wallet session of
 * the platform's account manages API keys; an API key never mints or revokes API keys (a leaked
 * key must not be able to entrench itself).
 */
function walletPlatformOf(caller: SessionCaller): string {
  if (caller.sessionKind !== 'wallet') throw new PayrailError('FORBIDDEN', 'A wallet session is required to manage API keys');
  return caller.platformId;
}

/** API keys of the signed-in platform (beyond the spec; the operator CLI's `admin api-key` for the dashboard). */
@ApiTags('api-keys')
@ApiCookieAuth('__Host-session_token')
@ApiBearerAuth()
@Auth('session')
@RateLimitClassOf('management')
@Controller('v1/api-keys')
@ApiAuthErrors(['session'], {
  cookieWrites: true,
  forbidden: { description: 'a session that is not a wallet session', message: 'A wallet session is required to manage API keys' },
})
export class ApiKeysController {
  constructor(
    private readonly create: CreateApiKey,
    private readonly list: ListApiKeys,
    private readonly revoke: RevokeApiKey,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Create an API key (beyond the spec)',
    description: 'The secret is in this answer only: only its hash is stored.',
  })
  @ApiCreatedResponse({ type: CreatedApiKeyDto })
  createApiKey(@CurrentCaller('session') caller: SessionCaller): Promise<CreatedApiKeyDto> {
    return this.create.execute({ platformId: walletPlatformOf(caller) });
  }

  @Get()
  @ApiOperation({
    summary: "The platform's API keys by prefix, newest first (beyond the spec)",
    description: 'Revoked keys included (filter `status`); never a secret or hash. Keyset pagination: pass `nextCursor` back as `cursor`.',
  })
  @ApiOkResponse({ type: ApiKeyPageDto })
  @ApiBadRequestResponse({ description: 'An invalid prefix, status, limit or cursor' })
  listApiKeys(@Query() query: ListApiKeysQueryDto, @CurrentCaller('session') caller: SessionCaller): Promise<ApiKeyPageDto> {
    return this.list.execute({ platformId: walletPlatformOf(caller), query });
  }

  @Delete(':prefix')
  @ApiOperation({
    summary: 'Revoke an API key for good (beyond the spec)',
    description: 'By its display prefix; every replica forgets the key at once. Revoking twice answers the first revocation time.',
  })
  @ApiParam({ name: 'prefix', description: 'The display prefix (first 12 characters)' })
  @ApiOkResponse({ type: RevokedApiKeyDto })
  @ApiNotFoundResponse({ description: 'No such key of this platform' })
  revokeApiKey(@Param('prefix') prefix: string, @CurrentCaller('session') caller: SessionCaller): Promise<RevokedApiKeyDto> {
    return this.revoke.execute({ keyPrefix: prefix, platformId: walletPlatformOf(caller) });
  }
}
