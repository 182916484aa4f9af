import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { ApiDocs } from '@payrail/platform';
import { ClientIdResponse } from '../dto/client-id.dto.js';

/** The documentation of the Client ID routes both APIs serve (each adds its own tag, security and auth errors). */
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
