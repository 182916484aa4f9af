import type { DomainEvent } from '@payrail/domain';
import type { DisabledEndpoint } from '@payrail/persistence';
import { type AttemptFailure, failureClass } from './failure-class.js';

/**
 * Internal outbox event (not a webhook event: never delivered, not in the Events API): the facts
 * of one disable the owner's e-mail needs, written in the transaction that disabled the endpoint
 * beside `webhook_endpoint.disabled`, so the mail is queued once that transaction commits and
 * never without it. The relay hands it to EndpointDisabledMail.
 */
export const ENDPOINT_DISABLED_MAIL_EVENT = 'notice.webhook_endpoint_disabled';

export interface EndpointDisabledMailPayload {
  webhookId: string;
  /** displayUrl of the endpoint's URL. */
  url: string;
  reason: 'failing' | 'gone';
  failingSince: string | null;
  disabledAt: string;
  lastFailure: string | null;
  /** The platform and public Client ID of a platform's endpoint; null for an orchestrator's. */
  platformId: string | null;
  clientId: string | null;
  orchestratorId: string | null;
}

/** A URL as a mail may show it: scheme, host, port and path (no credentials, query or fragment, which can hold secrets). */
export function displayUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}

export function endpointDisabledMailEvent(
  endpoint: DisabledEndpoint,
  owner: { platformId: string; clientId: string } | undefined,
  lastFailure: AttemptFailure | undefined,
): DomainEvent {
  const payload: EndpointDisabledMailPayload = {
    webhookId: endpoint.id,
    url: displayUrl(endpoint.url),
    reason: endpoint.reason,
    failingSince: endpoint.failingSince?.toISOString() ?? null,
    disabledAt: endpoint.disabledAt.toISOString(),
    lastFailure: lastFailure ? failureClass(lastFailure) : null,
    platformId: owner?.platformId ?? null,
    clientId: owner?.clientId ?? null,
    orchestratorId: endpoint.orchestratorId,
  };
  return { type: ENDPOINT_DISABLED_MAIL_EVENT, aggregateType: 'webhook_endpoint', aggregateId: endpoint.id, payload: { ...payload } };
}
