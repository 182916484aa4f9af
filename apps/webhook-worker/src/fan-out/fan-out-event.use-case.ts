import { Injectable, Logger } from '@nestjs/common';
import {
  accessRejectedSubject,
  EVENT_RECIPIENTS,
  isWebhookEventName,
  newDeliveryId,
  payloadIdentity,
  type PublishedDomainEvent,
  splitRouting,
  webhookBody,
} from '@payrail/domain';
import { currentTraceparent } from '@payrail/persistence';
import { type EndpointDisabledMailResult, EndpointDisabledMail } from './endpoint-disabled-mail.js';
import { ENDPOINT_DISABLED_MAIL_EVENT } from '../shared/endpoint-disabled-event.js';
import { AccessRejectedSuppression } from './access-rejected-suppression.js';
import { FanOutStore } from './fan-out-store.js';

export type FanOutResult =
  | { kind: 'not-a-webhook-event' }
  | { kind: 'no-recipients' }
  | { kind: 'suppressed' }
  | { kind: 'queued'; deliveries: number }
  | { kind: 'owner-mail'; mail: EndpointDisabledMailResult };

/**
 * Turns one domain event into deliveries: finds the recipients (spec: Events, recipients
 * table; see ROUTING_KEY for how an event names its tenant), writes one delivery per
 * active endpoint (idempotent per event and endpoint, so a redelivered domain-event job
 * creates nothing new), and queues each pending one under its delivery id. The internal
 * ENDPOINT_DISABLED_MAIL_EVENT is not delivered: it queues the e-mail to the endpoint's owner
 * (EndpointDisabledMail), with the same retries as a fan-out (the domain-events queue).
 */
@Injectable()
export class FanOutEvent {
  private readonly logger = new Logger(FanOutEvent.name);

  constructor(
    private readonly store: FanOutStore,
    private readonly suppression: AccessRejectedSuppression,
    private readonly ownerMail: EndpointDisabledMail,
  ) {}

  async execute(event: PublishedDomainEvent): Promise<FanOutResult> {
    if (event.type === ENDPOINT_DISABLED_MAIL_EVENT) return { kind: 'owner-mail', mail: await this.ownerMail.enqueue(event) };
    if (!isWebhookEventName(event.type)) return { kind: 'not-a-webhook-event' };
    const type = event.type;
    const { body: payload, routing } = splitRouting(event.payload);
    const { clientId, orchestratorId } = payloadIdentity(payload);
    const rules = EVENT_RECIPIENTS[type];
    const endpointIds = await this.store.recipientsOf({
      platform: rules.platform ? { platformId: routing?.platformId ?? null, clientId } : null,
      orchestratorId: rules.orchestrator ? orchestratorId : null,
    });
    if (endpointIds.length === 0) return { kind: 'no-recipients' };
    if (type === 'secure_payment.access_rejected') {
      const subject = accessRejectedSubject(payload);
      if (subject && !(await this.suppression.mayNotify(event.outboxId, subject))) {
        this.logger.log(
          { outboxId: event.outboxId },
          'access_rejected notification suppressed (same wallet and payment within 10 minutes)',
        );
        return { kind: 'suppressed' };
      }
    }
    const deliveries = await this.store.createDeliveries({
      outboxEventId: event.outboxId,
      eventType: type,
      body: webhookBody(type, payload),
      requestId: event.requestId,
      deliveries: endpointIds.map((endpointId) => ({ id: newDeliveryId(), endpointId })),
    });
    // Pending round-0 deliveries; later rounds were queued by the redeliver route.
    const toQueue = deliveries.filter((d) => d.status === 'pending' && d.round === 0);
    await this.store.enqueue(
      toQueue.map((d) => ({
        deliveryId: d.id,
        round: 0,
        test: false,
        eventType: type,
        requestId: event.requestId,
        traceparent: currentTraceparent(),
      })),
    );
    return { kind: 'queued', deliveries: toQueue.length };
  }
}
