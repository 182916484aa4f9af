import { Inject, Injectable } from '@nestjs/common';
import { newDeliveryId, testPayload, type TestIdentity, type WebhookEventName, webhookBody } from '@payrail/domain';
import { type WebhookOwner, WebhookDeliveriesRepository, WebhookEndpointsRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { WebhookDeliveryOutcomes } from '../delivery-outcomes.js';
import { WebhookDeliveryQueue } from '../delivery-queue.js';
import type { WebhookSettings } from '../webhook-env.js';
import { WEBHOOK_SETTINGS } from '../webhook.tokens.js';

export interface FireTestWebhookCommand {
  owner: WebhookOwner;
  /** Identity the placeholder payload carries (the caller's Client ID or orchestrator id). */
  identity: TestIdentity;
  eventType: WebhookEventName;
  requestId: string | null;
}

/**
 * Sends a test delivery (x-service-test: true, the event's shape with placeholder values) to
 * every active endpoint of the owner through the dispatcher, one attempt each, and reports
 * how many answered 2xx. Each test delivery is kept in the endpoint's history.
 */
@Injectable()
export class FireTestWebhook {
  constructor(
    private readonly db: DataSource,
    private readonly queue: WebhookDeliveryQueue,
    private readonly outcomes: WebhookDeliveryOutcomes,
    @Inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
  ) {}

  async execute(command: FireTestWebhookCommand): Promise<{ sent: number; failed: number }> {
    const endpoints = (await new WebhookEndpointsRepository(this.db.manager).list(command.owner)).filter((e) => e.isActive);
    if (endpoints.length === 0) return { sent: 0, failed: 0 };
    const body = webhookBody(command.eventType, { ...testPayload(command.eventType, command.identity, new Date()) });
    const deliveries = endpoints.map((e) => ({ id: newDeliveryId(), endpointId: e.id }));
    await new WebhookDeliveriesRepository(this.db.manager).createTests({
      eventType: command.eventType,
      body,
      requestId: command.requestId,
      deliveries,
    });
    await this.outcomes.listener();
    const jobs = await this.queue.enqueue(
      deliveries.map((d) => ({ deliveryId: d.id, round: 0, test: true, eventType: command.eventType, requestId: command.requestId })),
    );
    return this.outcomes.wait(jobs, this.settings.testWaitMs);
  }
}
