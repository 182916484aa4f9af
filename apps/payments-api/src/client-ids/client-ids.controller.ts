import { Controller } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { PayrailError } from '@payrail/domain';
import { ApiAuthErrors, Auth, RateLimitClassOf, type Caller } from '@payrail/platform';
import { ClientIdRoutes } from '@payrail/tenancy';

/** The API-key mirror of the auth service's Client ID management (x-api-key required). */
@ApiTags('client-ids')
@ApiSecurity('x-api-key')
@Auth('api-key')
@RateLimitClassOf('management')
@Controller('v2/client-ids')
@ApiAuthErrors('api-key', {
  forbidden: { description: 'credentials not allowed for the operation', message: 'An API key is required to manage Client IDs' },
})
export class ClientIdsController extends ClientIdRoutes {
  protected platformOf(caller: Caller): string {
    if (caller.kind !== 'api-key') throw new PayrailError('FORBIDDEN', 'An API key is required to manage Client IDs');
    return caller.platformId;
  }
}
