import { type PayeeDestinationRow, PayeeDestinationsRepository } from '@payrail/persistence';
import type { Caller } from '@payrail/platform';
import type { EntityManager } from 'typeorm';
import { invalidField } from '../planning/invalid.js';

/**
 * The payee of a request or payout: the one sent, else the wallet of the payee destination bound
 * to the calling Client ID (x-client-id, or the one an orchestrator acts for); undefined when
 * neither exists (the route then asks for payee). A bound but deactivated destination is a 400
 * naming payee: nothing is paid to a destination its platform turned off.
 */
export async function payeeOrBound(manager: EntityManager, caller: Caller, payee: string | undefined): Promise<string | undefined> {
  if (payee !== undefined) return payee;
  return (await boundDestination(manager, caller, 'payee'))?.walletAddress;
}

/**
 * The active payee destination bound to the calling Client ID (x-client-id, or the one an
 * orchestrator acts for); undefined when there is none; a 400 naming `field` when it is deactivated.
 */
export async function boundDestination(manager: EntityManager, caller: Caller, field: string): Promise<PayeeDestinationRow | undefined> {
  const client =
    caller.kind === 'client-id'
      ? { platformId: caller.platformId, clientIdId: caller.clientIdId }
      : caller.kind === 'orchestrator'
        ? caller.onBehalfOf
        : undefined;
  if (!client) return undefined;
  const bound = await new PayeeDestinationsRepository(manager).boundTo(client.platformId, client.clientIdId);
  if (bound && !bound.active)
    throw invalidField(field, `${field} is required: the Client ID's payee destination is deactivated (bind another or send ${field})`);
  return bound;
}
