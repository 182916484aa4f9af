import { PayrailError } from '@payrail/domain';
import type { Authenticator } from './authenticator.js';

/** The credential headers a session route does not take. */
export interface OtherCredentials {
  apiKey: string | undefined;
  clientId: string | undefined;
  orchestratorKey: string | undefined;
  origin: string | undefined;
}

/**
 * A session route called without a session: when another credential was sent and is valid,
 * the caller is known but not allowed here (403); a bad one is 401 as anywhere. Returns when
 * no other credential was sent (the caller then gets the route's own 401).
 */
export async function refuseOtherCredential(authenticator: Authenticator, sent: OtherCredentials): Promise<void> {
  if (sent.apiKey) await authenticator.apiKey(sent.apiKey);
  else if (sent.orchestratorKey) await authenticator.orchestratorKey(sent.orchestratorKey);
  else if (sent.clientId) await authenticator.clientId(sent.clientId, sent.origin);
  else return;
  throw new PayrailError('FORBIDDEN', 'This route needs a session: an API key, Client ID or orchestrator key is not accepted here');
}
