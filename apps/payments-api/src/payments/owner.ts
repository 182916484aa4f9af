import type { RequestOwner } from '@payrail/persistence';
import { PayrailError } from '@payrail/domain';
import type { Caller } from '@payrail/platform';

/**
 * The owner of what a caller creates or reads: its platform, and the Client ID it used. The
 * platform's API key and a session of its account (routes that take one: the recurring schedule
 * routes) act for the whole platform.
 */
export function ownerOf(caller: Caller): RequestOwner {
  if (caller.kind === 'api-key' || caller.kind === 'session') return { platformId: caller.platformId };
  if (caller.kind === 'client-id') return { platformId: caller.platformId, clientIdId: caller.clientIdId };
  throw new PayrailError('FORBIDDEN', 'Payouts need an API key or a Client ID');
}
