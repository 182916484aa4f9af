import { Injectable } from '@nestjs/common';
import type { DeliveryForAttempt } from '@payrail/persistence';
import { AttemptClaims, CLAIMED_RETRY_MS } from './limits/attempt-claims.js';
import { DeliveryLeases } from './limits/delivery-lease.js';
import { DeliveryStore } from './delivery-store.js';
import { AttemptRecorder, type RecordedOutcome, type SentAttempt } from './record-attempt.js';
import { AttemptSender } from './send-attempt.js';

export interface DeliverWebhookCommand {
  deliveryId: string;
  round: number;
  /** The attempt of the round this job is for (its retry number); undefined: whichever is next (jobs queued before #22). */
  attempt: number | undefined;
  /** The HTTP request that caused the event (from the job), logged with the attempt. */
  requestId: string | null;
  /** The job's W3C traceparent (tracing on): the next attempt's job carries it on. */
  traceparent: string | null;
}

/**
 * How an attempt ended: 'succeeded'; 'retrying' = recorded, and the next attempt is queued;
 * 'failed' = the round's last attempt failed (the job fails, unrecoverably); 'skipped' = nothing
 * to send; 'busy' = the endpoint's limits (or another job making the same attempt) refuse it for
 * now: the processor puts it back for `ms` (`eventType`: the name of a job queued for it).
 */
export type AttemptOutcome = RecordedOutcome | { kind: 'skipped'; reason: string } | { kind: 'busy'; ms: number; eventType: string };

/**
 * One delivery attempt, in two phases. Sending holds a lease (a process slot, then the
 * endpoint's limits): claim the attempt, load the delivery, check it is still due, take the
 * endpoint's limits, then sign, guard and send (AttemptSender). The lease is given back once the receiver answered, so
 * recording (AttemptRecorder: record, decide, schedule next) holds no slot; the claim is given
 * back once the attempt is recorded.
 */
@Injectable()
export class DeliverWebhook {
  constructor(
    private readonly store: DeliveryStore,
    private readonly leases: DeliveryLeases,
    private readonly claims: AttemptClaims,
    private readonly sender: AttemptSender,
    private readonly recorder: AttemptRecorder,
  ) {}

  async execute(command: DeliverWebhookCommand): Promise<AttemptOutcome> {
    const sent = await this.send(command);
    if (!('result' in sent)) return sent;
    const outcome = await this.recorder.record(sent);
    await this.claims.release(sent.delivery.id, sent.delivery.round, sent.delivery.roundAttempts);
    return outcome;
  }

  /**
   * Under the lease: the attempt is claimed first, then the delivery is loaded, once (the loads of
   * the attempts that get a slot in the same turn, e.g. a batch job's, share one query), so what
   * it is checked against is fresh and no other job makes the same attempt meanwhile.
   */
  private async send(command: DeliverWebhookCommand): Promise<SentAttempt | AttemptOutcome> {
    using lease = await this.leases.acquire();
    // A job queued before #22 names no attempt: whichever is next.
    const attempt = command.attempt ?? (await this.store.load(command.deliveryId))?.roundAttempts;
    if (attempt === undefined) return { kind: 'skipped', reason: 'delivery no longer exists' };
    const { deliveryId, round } = command;
    // Another job is making this very attempt (see AttemptClaims): look again once it is recorded.
    if (!(await this.claims.claim(deliveryId, round, attempt))) return this.claimedElsewhere(deliveryId);
    const delivery = await this.dueAttempt(await this.store.load(deliveryId), round, attempt);
    const admitted = 'kind' in delivery ? null : await lease.admit(delivery.endpoint);
    if ('kind' in delivery || !admitted?.go) {
      await this.claims.release(deliveryId, round, attempt);
      if ('kind' in delivery) return delivery;
      return { kind: 'busy', ms: admitted?.go === false ? admitted.waitMs : CLAIMED_RETRY_MS, eventType: delivery.eventType };
    }
    const startedAt = new Date();
    const result = await this.sender.send(delivery);
    return { delivery, result, startedAt, endedAt: Date.now(), requestId: command.requestId, traceparent: command.traceparent };
  }

  /** The delivery loaded under the claim when this attempt of it is due, else why this job skips it. */
  private async dueAttempt(
    delivery: DeliveryForAttempt | null,
    round: number,
    attempt: number,
  ): Promise<DeliveryForAttempt | AttemptOutcome> {
    // The endpoint was deleted (with its deliveries): nothing to send.
    if (!delivery) return { kind: 'skipped', reason: 'delivery no longer exists' };
    // Already delivered (a job re-run after a crash), or a newer manual round took over.
    if (delivery.round !== round || delivery.status !== 'pending') return { kind: 'skipped', reason: `delivery is ${delivery.status}` };
    // This attempt was made already (a job queued again by the reconciler after it ran).
    if (attempt !== delivery.roundAttempts) return { kind: 'skipped', reason: `attempt ${attempt} already made` };
    // Inactive endpoint, or queued or retrying when its Client ID was deactivated, restricted or revoked: dropped, not sent.
    const dropped = !delivery.endpoint.isActive ? 'endpoint inactive' : !delivery.endpoint.ownerActive ? 'Client ID not active' : null;
    if (dropped === null) return delivery;
    await this.store.fail(delivery.id, delivery.round, dropped);
    return { kind: 'skipped', reason: dropped };
  }

  /** The attempt is claimed by another job (rare): busy, under the delivery's event type (a batch entry's job is named after it). */
  private async claimedElsewhere(deliveryId: string): Promise<AttemptOutcome> {
    const delivery = await this.store.load(deliveryId);
    if (!delivery) return { kind: 'skipped', reason: 'delivery no longer exists' };
    return { kind: 'busy', ms: CLAIMED_RETRY_MS, eventType: delivery.eventType };
  }
}
