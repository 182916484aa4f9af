import { Controller } from '@nestjs/common';
import { ApiCookieAuth, ApiForbiddenResponse, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { PayrailError } from '@payrail/domain';
import { Auth, RateLimitClassOf, type Caller } from '@payrail/platform';
import { ClientIdRoutes } from '@payrail/tenancy';

@ApiTags('client-ids')
@ApiCookieAuth('session_token')
@Auth('session')
@RateLimitClassOf('management')
@Controller('v1/client-ids')
@ApiUnauthorizedResponse({ description: 'No valid session' })
@ApiForbiddenResponse({ description: 'Not a wallet session, or a cookie request from a non-dashboard origin' })
@ApiTooManyRequestsResponse()
export class ClientIdsController extends ClientIdRoutes {
  /** The spec: a wallet session is required to manage Client IDs. */
  protected platformOf(caller: Caller): string {
    if (caller.kind !== 'session' || caller.sessionKind !== 'wallet')
      throw new PayrailError('FORBIDDEN', 'A wallet session is required to manage Client IDs');
    return caller.platformId;
  }
}
