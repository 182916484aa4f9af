import { Inject, Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { type WebhookOwner, WebhookDurabilityRepository, WebhookEndpointsRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { WebhookDeliveryQueue } from '../delivery-queue.js';
import type { WebhookSettings } from '../webhook-env.js';
import { WEBHOOK_SETTINGS } from '../webhook.tokens.js';

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
 * How many of a recovery's first deliveries go ahead of the turns where the lane is now. With
 * strict one-each turns, a small recovery beside a large one takes at least twice its time alone
 * (its 10 interleave with 10 of the other's; measured 4.8x with the limiter's windows): its first
 * deliveries go first instead, so 10 beside 100,000 finish about as fast as alone. Bounded, so a
 * large recovery is delayed by at most this many deliveries per other owner's recovery (one
 * running per owner); beyond it, the newcomer takes turns like any other.
 */
export const RECOVERY_HEAD_START = 100;
const DAY_MS = 86_400_000;

/**
 * Redelivers failed (or all) deliveries of an endpoint created since a time: each opens a new
 * round (same delivery id and body, retry count from 0, the full schedule) on the recovery lane,
 * whose worker slots and rate are its own, so a large recovery cannot starve live deliveries.
 * Bounded (issue #29 item 6): `since` within WEBHOOK_RECOVER_WINDOW_DAYS (400 beyond), at most
 * WEBHOOK_RECOVER_MAX_PER_CALL deliveries a call (oldest first; `more` says whether some were
 * left), and one running recovery per owner: while deliveries of the owner's last recovery still
 * wait for their first attempt, another is a 409 (checked and opened under a Postgres advisory
 * lock of the owner, so replicas cannot both start one). Jobs are queued by rank within the
 * recovery (WebhookDeliveryQueue.enqueueRecovery), so owners' recoveries take turns on the lane.
 * The rounds are opened in Postgres first: if queueing is cut short, the reconciler queues the
 * rest. Deliveries still pending are left alone; test deliveries are not recovered.
 */
@Injectable()
export class RecoverWebhookDeliveries {
  constructor(
    private readonly db: DataSource,
    private readonly queue: WebhookDeliveryQueue,
    @Inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
  ) {}

  async execute(command: RecoverWebhookDeliveriesCommand): Promise<{ queued: number; more: boolean }> {
    const endpoint = await new WebhookEndpointsRepository(this.db.manager).find(command.owner, command.webhookId);
    if (!endpoint) throw new PayrailError('NOT_FOUND', 'Webhook not found');
    const oldest = Date.now() - this.settings.recoverWindowDays * DAY_MS;
    if (command.since.getTime() < oldest) {
      const message = `since must be within the last ${this.settings.recoverWindowDays} days (not before ${new Date(oldest).toISOString()})`;
      throw new PayrailError('VALIDATION_FAILED', `Validation failed: ${message}`, { fields: [{ field: 'since', message }] });
    }
    if (!endpoint.isActive) throw new PayrailError('CONFLICT', 'Webhook is inactive: reactivate it before recovering deliveries');
    const started = await this.db.transaction(async (manager) => {
      const durability = new WebhookDurabilityRepository(manager);
      await durability.lockRecovery(command.owner);
      const waiting = await durability.waitingRecovered(command.owner);
      if (waiting > 0)
        throw new PayrailError(
          'CONFLICT',
          `A recovery is already running for this owner: ${waiting} deliveries still wait for their first attempt; try again once it has drained`,
        );
      return durability.startRecovery(command.owner, endpoint.id, command.since, command.all, this.settings.recoverMaxPerCall);
    });
    if (started === null) throw new PayrailError('NOT_FOUND', 'Webhook not found');
    const rounds = started.rounds.map((r) => ({
      deliveryId: r.id,
      round: r.round,
      attempt: 0,
      test: false,
      requestId: command.requestId,
      lane: 'recovery' as const,
      eventType: r.eventType,
    }));
    const base = await this.queue.recoveryRankBase();
    // Ranks max(1, base - head + 1)..base for the head start, then base + 1.. in turns with the others'.
    const head = Math.min(rounds.length, RECOVERY_HEAD_START);
    const headFrom = Math.max(0, base - head);
    for (let i = 0; i < head; i += CHUNK) await this.queue.enqueueRecovery(rounds.slice(i, Math.min(head, i + CHUNK)), headFrom + i);
    for (let i = head; i < rounds.length; i += CHUNK) await this.queue.enqueueRecovery(rounds.slice(i, i + CHUNK), base + i - head);
    return { queued: rounds.length, more: started.more };
  }
}
