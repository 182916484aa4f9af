import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { type WebhookOwner, WebhookDurabilityRepository, WebhookEndpointsRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { WebhookDeliveryQueue } from '../delivery-queue.js';

export interface RecoverWebhookDeliveriesCommand {
  owner: WebhookOwner;
  webhookId: string;
  since: Date;
  /** Succeeded deliveries too, not only failed ones. */
  all: boolean;
  requestId: string | null;
}

/** Jobs added per Redis round trip. */
const CHUNK = 1000;

/**
 * Redelivers, in one call, every failed (or every) delivery of an endpoint created since a
 * time: each opens a new round (same delivery id and body, retry count from 0, the full
 * schedule) on the recovery lane, whose worker slots and rate are its own, so a large
 * recovery cannot starve live deliveries. The rounds are opened in Postgres first: if
 * queueing is cut short, the reconciler queues the rest. Deliveries still pending are left
 * alone; test deliveries are not recovered.
 */
@Injectable()
export class RecoverWebhookDeliveries {
  constructor(
    private readonly db: DataSource,
    private readonly queue: WebhookDeliveryQueue,
  ) {}

  async execute(command: RecoverWebhookDeliveriesCommand): Promise<{ queued: number }> {
    const endpoint = await new WebhookEndpointsRepository(this.db.manager).find(command.owner, command.webhookId);
    if (!endpoint) throw new PayrailError('NOT_FOUND', 'Webhook not found');
    if (!endpoint.isActive) throw new PayrailError('CONFLICT', 'Webhook is inactive: reactivate it before recovering deliveries');
    const rounds = await new WebhookDurabilityRepository(this.db.manager).startRecovery(
      command.owner,
      endpoint.id,
      command.since,
      command.all,
    );
    if (rounds === null) throw new PayrailError('NOT_FOUND', 'Webhook not found');
    for (let i = 0; i < rounds.length; i += CHUNK)
      await this.queue.enqueue(
        rounds.slice(i, i + CHUNK).map((r) => ({
          deliveryId: r.id,
          round: r.round,
          attempt: 0,
          test: false,
          requestId: command.requestId,
          lane: 'recovery' as const,
          eventType: r.eventType,
        })),
      );
    return { queued: rounds.length };
  }
}
