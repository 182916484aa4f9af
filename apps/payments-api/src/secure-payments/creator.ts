import { PayrailError } from '@payrail/domain';
import type { Caller, ClientIdCaller } from '@payrail/platform';

/** Who creates a secure payment: its platform, the Client ID used (if any), and the orchestrator fixed on it. */
export interface SecurePaymentCreator {
  platformId: string;
  clientIdId: string | null;
  orchestratorId: string | null;
}

/**
 * The creator behind an API key or a session of the platform's account (the dashboard), a Client
 * ID, or an orchestrator acting for a linked Client ID (then the orchestrator is fixed on the
 * payment forever); other callers cannot create. An API key or session creates for the platform
 * as a whole: no Client ID is recorded, so no Client ID fee applies and any Client ID of the
 * platform reads the page; it is managed (invalidated) platform-wide.
 */
export function creatorOf(caller: Caller): SecurePaymentCreator {
  if (caller.kind === 'api-key' || caller.kind === 'session')
    return { platformId: caller.platformId, clientIdId: null, orchestratorId: null };
  if (caller.kind === 'client-id') return { platformId: caller.platformId, clientIdId: caller.clientIdId, orchestratorId: null };
  if (caller.kind === 'orchestrator' && caller.onBehalfOf)
    return { platformId: caller.onBehalfOf.platformId, clientIdId: caller.onBehalfOf.clientIdId, orchestratorId: caller.orchestratorId };
  throw new PayrailError(
    'FORBIDDEN',
    'Secure payments are created with an API key, a session, a Client ID, or an orchestrator key with x-client-id',
  );
}

/** The Client ID reading a payment page: x-client-id, with its Origin (required here, browser context). */
export function pageReaderOf(caller: ClientIdCaller): { platformId: string; clientIdId: string } {
  if (!caller.origin) throw new PayrailError('UNAUTHENTICATED', 'Origin header is required with x-client-id');
  return { platformId: caller.platformId, clientIdId: caller.clientIdId };
}
