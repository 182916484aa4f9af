import { Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { Auth, CurrentCaller, RateLimitClassOf, type SessionCaller } from '@payrail/platform';
import { CreateApiKey, RevokeApiKey } from '@payrail/tenancy';
import { ApiKeyPageDto, CreatedApiKeyDto, ListApiKeysQueryDto, RevokedApiKeyDto } from './dto/api-key.dto.js';
import { ListApiKeys } from './use-cases/list-api-keys.use-case.js';
import { ApiApiKeysController, ApiCreateApiKey, ApiListApiKeys, ApiRevokeApiKey } from './api-keys.openapi.js';

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
@ApiApiKeysController()
@Auth('session')
@RateLimitClassOf('management')
@Controller('v1/api-keys')
export class ApiKeysController {
  constructor(
    private readonly create: CreateApiKey,
    private readonly list: ListApiKeys,
    private readonly revoke: RevokeApiKey,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiCreateApiKey()
  createApiKey(@CurrentCaller('session') caller: SessionCaller): Promise<CreatedApiKeyDto> {
    return this.create.execute({ platformId: walletPlatformOf(caller) });
  }

  @Get()
  @ApiListApiKeys()
  listApiKeys(@Query() query: ListApiKeysQueryDto, @CurrentCaller('session') caller: SessionCaller): Promise<ApiKeyPageDto> {
    return this.list.execute({ platformId: walletPlatformOf(caller), query });
  }

  @Delete(':prefix')
  @ApiRevokeApiKey()
  revokeApiKey(@Param('prefix') prefix: string, @CurrentCaller('session') caller: SessionCaller): Promise<RevokedApiKeyDto> {
    return this.revoke.execute({ keyPrefix: prefix, platformId: walletPlatformOf(caller) });
  }
}
