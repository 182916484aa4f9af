import { PayrailError } from '@payrail/domain';
import { WebhookEndpointChangesRepository, WebhookEndpointsRepository, type WebhookOwner } from '@payrail/persistence';
import type { EntityManager } from 'typeorm';
import type { WebhookSettings } from './webhook-env.js';

const hostOf = (url: string): string => new URL(url).hostname.toLowerCase();
const ownerName = (owner: WebhookOwner) => (owner.kind === 'client-id' ? 'Client ID' : 'orchestrator');

/**
 * Refuses an endpoint that would become active (a registration, or a reactivation of
 * `reactivating`) when the owner already has WEBHOOK_MAX_ENDPOINTS_PER_OWNER active endpoints,
 * or WEBHOOK_MAX_ENDPOINTS_PER_HOST active ones on the URL's host (every port and path of a host
 * counts as one target): 409 CONFLICT. Only active endpoints receive events, so only they count
 * toward the fan-out one event can cause. Holds the owner's lock until the caller's transaction
 * ends, so two requests at once cannot both take the last place.
 */
export async function assertRoomForEndpoint(
  manager: EntityManager,
  owner: WebhookOwner,
  url: string,
  limits: Pick<WebhookSettings, 'maxEndpointsPerOwner' | 'maxEndpointsPerHost'>,
  reactivating?: string,
): Promise<void> {
  await new WebhookEndpointChangesRepository(manager).lockOwner(owner);
  const active = (await new WebhookEndpointsRepository(manager).list(owner)).filter((e) => e.isActive && e.id !== reactivating);
  if (active.length >= limits.maxEndpointsPerOwner)
    throw new PayrailError(
      'CONFLICT',
      `Webhook endpoint limit reached: a ${ownerName(owner)} may have at most ${limits.maxEndpointsPerOwner} active endpoints; delete or deactivate one first`,
    );
  const host = hostOf(url);
  if (active.filter((e) => hostOf(e.url) === host).length >= limits.maxEndpointsPerHost)
    throw new PayrailError(
      'CONFLICT',
      `Webhook host limit reached: ${host} already receives ${limits.maxEndpointsPerHost} active endpoints of this ${ownerName(owner)}`,
    );
}
