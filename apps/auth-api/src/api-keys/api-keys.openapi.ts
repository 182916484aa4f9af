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
import { ApiAuthErrors, ApiDocs } from '@payrail/platform';
import { ApiKeyPageDto, CreatedApiKeyDto, RevokedApiKeyDto } from './dto/api-key.dto.js';

export const ApiApiKeysController = () =>
  ApiDocs(
    ApiTags('api-keys'),
    ApiCookieAuth('__Host-session_token'),
    ApiBearerAuth(),
    ApiAuthErrors(['session'], {
      cookieWrites: true,
      forbidden: { description: 'a session that is not a wallet session', message: 'A wallet session is required to manage API keys' },
    }),
  );

export const ApiCreateApiKey = () =>
  ApiDocs(
    ApiOperation({
      summary: 'Create an API key (beyond the spec)',
      description: 'The secret is in this answer only: only its hash is stored.',
    }),
    ApiCreatedResponse({ type: CreatedApiKeyDto }),
  );

export const ApiListApiKeys = () =>
  ApiDocs(
    ApiOperation({
      summary: "The platform's API keys by prefix, newest first (beyond the spec)",
      description:
        'Revoked keys included (filter `status`); never a secret or hash. Keyset pagination: pass `nextCursor` back as `cursor`.',
    }),
    ApiOkResponse({ type: ApiKeyPageDto }),
    ApiBadRequestResponse({ description: 'An invalid prefix, status, limit or cursor' }),
  );

export const ApiRevokeApiKey = () =>
  ApiDocs(
    ApiOperation({
      summary: 'Revoke an API key for good (beyond the spec)',
      description: 'By its display prefix; every replica forgets the key at once. Revoking twice answers the first revocation time.',
    }),
    ApiParam({ name: 'prefix', description: 'The display prefix (first 12 characters)' }),
    ApiOkResponse({ type: RevokedApiKeyDto }),
    ApiNotFoundResponse({ description: 'No such key of this platform' }),
  );
