import { Controller } from '@nestjs/common';
import { ApiForbiddenResponse, ApiSecurity, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { PayrailError } from '@payrail/domain';
import { Auth, RateLimitClassOf, type Caller } from '@payrail/platform';
import { ClientIdRoutes } from '@payrail/tenancy';

/** The API-key mirror of the auth service's Client ID management (x-api-key required). */
@ApiTags('client-ids')
@ApiSecurity('x-api-key')
@Auth('api-key')
@RateLimitClassOf('management')
@Controller('v2/client-ids')
@ApiUnauthorizedResponse({ description: 'Missing or invalid x-api-key' })
@ApiForbiddenResponse({ description: 'Credentials not allowed for the operation' })
@ApiTooManyRequestsResponse()
export class ClientIdsController extends ClientIdRoutes {
  protected platformOf(caller: Caller): string {
    if (caller.kind !== 'api-key') throw new PayrailError('FORBIDDEN', 'An API key is required to manage Client IDs');
    return caller.platformId;
  }
}
