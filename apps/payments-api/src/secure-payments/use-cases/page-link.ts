import { CredentialsRepository } from '@payrail/persistence';
import type { Caller } from '@payrail/platform';
import type { EntityManager } from 'typeorm';
import { pageUrlOf } from '../../payments/page-url.js';

/**
 * The public Client ID a payment's hosted page calls the API with (a Client ID is public; the page
 * reads it from `?clientId=`): the one used to create it, the one an orchestrator acted for, or,
 * for a payment created with an API key or a dashboard session (readable by every Client ID of the
 * platform), the platform's oldest active Client ID. Null when the platform has none: the link then carries none
 * and the page says the payment cannot be found until the platform creates a Client ID.
 */
export async function pageClientIdOf(caller: Caller, manager: EntityManager): Promise<string | null> {
  if (caller.kind === 'client-id') return caller.clientId;
  if (caller.kind === 'orchestrator') return caller.onBehalfOf?.clientId ?? null;
  if (caller.kind !== 'api-key' && caller.kind !== 'session') return null;
  return platformPageClientIdOf(caller.platformId, manager);
}

/** The Client ID the page uses for a payment the platform owns without one: its oldest active Client ID, or null. */
export async function platformPageClientIdOf(platformId: string, manager: EntityManager): Promise<string | null> {
  return (await new CredentialsRepository(manager).oldestActiveClientIdOf(platformId))?.clientId ?? null;
}

/** `SECURE_PAYMENT_PAGE_URL/<token>?clientId=<public Client ID>` (no query without a Client ID). */
export function securePaymentUrlOf(pageUrl: string, token: string, clientId: string | null): string {
  const url = pageUrlOf(pageUrl, token);
  return clientId ? `${url}?clientId=${encodeURIComponent(clientId)}` : url;
}
