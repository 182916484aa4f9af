import { Controller } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { Auth, RateLimitClassOf, type SessionCaller } from '@payrail/platform';
import { ClientIdRoutes } from '@payrail/tenancy';
import { ApiClientIdsController } from './client-ids.openapi.js';

/** The spec: a wallet session is required to manage Client IDs (an e-mail session is refused). */
function walletPlatformOf(caller: SessionCaller): string {
  if (caller.sessionKind !== 'wallet') throw new PayrailError('FORBIDDEN', 'A wallet session is required to manage Client IDs');
  return caller.platformId;
}

/**
 * Client ID management on auth-api (`/v1/client-ids`, wallet session). payments-api serves the same
 * routes with an API key (`/v2/client-ids`): both are the shared ClientIdRoutes of @payrail/tenancy.
 */
@ApiClientIdsController()
@Auth('session')
@RateLimitClassOf('management')
@Controller('v1/client-ids')
export class ClientIdsController extends ClientIdRoutes({ caller: 'session', platformOf: walletPlatformOf }) {}
