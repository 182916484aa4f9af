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
import { ApiAuthErrors, ApiDocs } from '@payrail/platform';
import { ClientIdResponse } from '@payrail/tenancy';

export const ApiClientIdsController = () =>
  ApiDocs(
    ApiTags('client-ids'),
    ApiCookieAuth('session_token'),
    ApiAuthErrors(['session'], {
      cookieWrites: true,
      forbidden: {
        description:
          "a session that is not a wallet session; or (PUT) a status change on a Client ID the operator restricted (the operator's to lift)",
        message: 'A wallet session is required to manage Client IDs',
      },
    }),
  );

export const ApiCreateClientId = () =>
  ApiDocs(
    ApiOperation({ summary: "Create a Client ID for the caller's platform" }),
    ApiCreatedResponse({ type: ClientIdResponse }),
    ApiBadRequestResponse(),
    ApiConflictResponse({
      description: 'The platform already holds MAX_CLIENT_IDS_PER_PLATFORM Client IDs (default 50, revoked ones aside)',
    }),
  );

export const ApiListClientIds = () =>
  ApiDocs(ApiOperation({ summary: "The caller's platform's Client IDs" }), ApiOkResponse({ type: [ClientIdResponse] }));

export const ApiGetClientId = () => ApiDocs(ApiOkResponse({ type: ClientIdResponse }), ApiNotFoundResponse());

export const ApiUpdateClientId = () =>
  ApiDocs(
    ApiOperation({ summary: 'Update label, allowed domains, status (active/inactive/revoked; revoked is final) or default fee' }),
    ApiOkResponse({ type: ClientIdResponse }),
    ApiBadRequestResponse({ description: 'Invalid field, or reactivating a revoked Client ID' }),
    ApiNotFoundResponse(),
  );

export const ApiRevokeClientId = () =>
  ApiDocs(ApiOperation({ summary: 'Revoke for good' }), ApiOkResponse({ type: ClientIdResponse }), ApiNotFoundResponse());
