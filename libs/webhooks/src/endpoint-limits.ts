import { Inject, Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { WebhookEndpointChangesRepository, WebhookEndpointsRepository, type WebhookOwner } from '@payrail/persistence';
import type { EntityManager } from 'typeorm';
import { WebhookUrlGuard } from './url-guard.js';
import type { WebhookSettings } from './webhook-env.js';
import { WEBHOOK_SETTINGS } from './webhook.tokens.js';

const hostOf = (url: string): string => new URL(url).hostname.toLowerCase();
const ownerName = (owner: WebhookOwner) => (owner.kind === 'client-id' ? 'Client ID' : 'orchestrator');

/**
 * Refuses an endpoint that would become active (a registration, or a reactivation of
 * `reactivating`) with 409 CONFLICT when:
 * - the owner already has WEBHOOK_MAX_ENDPOINTS_PER_OWNER active endpoints;
 * - for a Client ID, its platform's Client IDs together have WEBHOOK_MAX_ENDPOINTS_PER_PLATFORM
 *   (so many Client IDs do not multiply the owner cap);
 * - WEBHOOK_MAX_ENDPOINTS_PER_HOST active ones of the owner are on the URL's target: every port
 *   and path of a host counts as one, and so do names that resolve to a shared address (two
 *   names of one server, an IP literal and its name).
 * Only active endpoints receive events, so only they count toward the fan-out one event can
 * cause. Holds the owner's (and platform's) lock until the caller's transaction ends, so two
 * requests at once cannot both take the last place.
 */
@Injectable()
export class EndpointRoom {
  constructor(
    private readonly guard: WebhookUrlGuard,
    @Inject(WEBHOOK_SETTINGS) private readonly limits: WebhookSettings,
  ) {}

  async assert(manager: EntityManager, owner: WebhookOwner, url: string, reactivating?: string): Promise<void> {
    const changes = new WebhookEndpointChangesRepository(manager);
    await changes.lockOwner(owner);
    const active = (await new WebhookEndpointsRepository(manager).list(owner)).filter((e) => e.isActive && e.id !== reactivating);
    if (active.length >= this.limits.maxEndpointsPerOwner)
      throw new PayrailError(
        'CONFLICT',
        `Webhook endpoint limit reached: a ${ownerName(owner)} may have at most ${this.limits.maxEndpointsPerOwner} active endpoints; delete or deactivate one first`,
      );
    if (owner.kind === 'client-id') {
      const platformActive = await changes.lockAndCountPlatformActive(owner.clientIdId, reactivating);
      if (platformActive >= this.limits.maxEndpointsPerPlatform)
        throw new PayrailError(
          'CONFLICT',
          `Webhook endpoint limit reached: a platform's Client IDs may have at most ${this.limits.maxEndpointsPerPlatform} active endpoints together; delete or deactivate one first`,
        );
    }
    const host = hostOf(url);
    if (
      (await this.sameTarget(
        url,
        active.map((e) => e.url),
      )) >= this.limits.maxEndpointsPerHost
    )
      throw new PayrailError(
        'CONFLICT',
        `Webhook host limit reached: ${host} already receives ${this.limits.maxEndpointsPerHost} active endpoints of this ${ownerName(owner)}`,
      );
  }

  /** How many of `urls` reach the same host as `url`: the same name, or a name sharing one of its addresses now. */
  private async sameTarget(url: string, urls: string[]): Promise<number> {
    const host = hostOf(url);
    if (urls.filter((u) => hostOf(u) === host).length >= this.limits.maxEndpointsPerHost) return urls.length;
    const hosts = [...new Set(urls.map(hostOf))];
    const [mine, ...theirs] = await Promise.all(
      [url, ...hosts.map((h) => urls.find((u) => hostOf(u) === h)!)].map((u) => this.guard.addressesOf(u)),
    );
    const addresses = new Set(mine);
    const shared = new Set(hosts.filter((h, i) => h === host || theirs[i].some((a) => addresses.has(a))));
    return urls.filter((u) => shared.has(hostOf(u))).length;
  }
}
