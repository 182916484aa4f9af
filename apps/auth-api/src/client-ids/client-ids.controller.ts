import { Controller } from '@nestjs/common';
import { ApiCookieAuth, ApiTags } from '@nestjs/swagger';
import { PayrailError } from '@payrail/domain';
import { ApiAuthErrors, Auth, RateLimitClassOf, type Caller } from '@payrail/platform';
import { ClientIdRoutes } from '@payrail/tenancy';

@ApiTags('client-ids')
@ApiCookieAuth('session_token')
@Auth('session')
@RateLimitClassOf('management')
@Controller('v1/client-ids')
@ApiAuthErrors('session', {
  cookieWrites: true,
  forbidden: { description: 'a session that is not a wallet session', message: 'A wallet session is required to manage Client IDs' },
})
export class ClientIdsController extends ClientIdRoutes {
  /** The spec: a wallet session is required to manage Client IDs. */
  protected platformOf(caller: Caller): string {
    if (caller.kind !== 'session' || caller.sessionKind !== 'wallet')
      throw new PayrailError('FORBIDDEN', 'A wallet session is required to manage Client IDs');
    return caller.platformId;
  }
}
