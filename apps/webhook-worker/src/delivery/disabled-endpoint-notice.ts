import { Injectable } from '@nestjs/common';
import { webhookEvent } from '@payrail/domain';
import { appendToOutbox, ClientIdsRepository, type DisabledEndpoint } from '@payrail/persistence';
import type { EntityManager } from 'typeorm';
import { endpointDisabledMailEvent } from '../shared/endpoint-disabled-event.js';
import type { AttemptFailure } from '../shared/failure-class.js';

/**
 * Tells an endpoint's owner that Payrail disabled it, in the transaction that disabled it: a
 * `webhook_endpoint.disabled` event (extension), which the relay fans out to the owner's other
 * active endpoints (the disabled one is inactive by then), and the internal event from which the
 * relay queues the e-mail to the owner's accounts (EndpointDisabledMail).
 */
@Injectable()
export class DisabledEndpointNotice {
  async write(manager: EntityManager, endpoint: DisabledEndpoint, lastFailure?: AttemptFailure): Promise<void> {
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
    await appendToOutbox(manager, [event, endpointDisabledMailEvent(endpoint, client, lastFailure)]);
  }
}
