import { Controller } from '@nestjs/common';
import { Auth, RateLimitClassOf } from '@payrail/platform';
import { ClientIdRoutes } from '@payrail/tenancy';
import { ApiClientIdsController } from './client-ids.openapi.js';

/**
 * The API-key mirror of the auth service's Client ID management (`/v2/client-ids`, x-api-key
 * required): like auth-api's `/v1/client-ids`, the shared ClientIdRoutes of @payrail/tenancy.
 */
@ApiClientIdsController()
@Auth('api-key')
@RateLimitClassOf('management')
@Controller('v2/client-ids')
export class ClientIdsController extends ClientIdRoutes({ caller: 'api-key', platformOf: (caller) => caller.platformId }) {}
