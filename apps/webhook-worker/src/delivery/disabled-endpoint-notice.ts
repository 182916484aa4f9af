import { Injectable } from '@nestjs/common';
import { webhookEvent } from '@payrail/domain';
import { appendToOutbox, ClientIdsRepository, type DisabledEndpoint } from '@payrail/persistence';
import type { EntityManager } from 'typeorm';

/**
 * Tells an endpoint's owner that Payrail disabled it: a `webhook_endpoint.disabled` event
 * (extension) written to the outbox in the transaction that disabled it, which the relay fans
 * out to the owner's other active endpoints (the disabled one is inactive by then).
 */
@Injectable()
export class DisabledEndpointNotice {
  async write(manager: EntityManager, endpoint: DisabledEndpoint): Promise<void> {
    const client = await new ClientIdsRepository(manager).publicIdentity(endpoint.clientIdId);
    const event = webhookEvent(
      'webhook_endpoint.disabled',
      { aggregateType: 'webhook_endpoint', aggregateId: endpoint.id },
      {
        webhookId: endpoint.id,
        url: endpoint.url,
        reason: endpoint.reason,
        failingSince: endpoint.failingSince?.toISOString() ?? null,
        clientId: client?.clientId ?? null,
        orchestratorId: endpoint.orchestratorId,
        timestamp: new Date().toISOString(),
      },
      // An orchestrator's endpoint has no platform: its notice goes to the orchestrator's endpoints only.
      { platformId: client?.platformId ?? '' },
    );
    await appendToOutbox(manager, [event]);
  }
}
