import { Inject, Injectable, Logger } from '@nestjs/common';
import { type DueDelivery, WebhookDurabilityRepository } from '@payrail/persistence';
import { webhookDeliveryJobId } from '@payrail/domain';
import { REDIS } from '@payrail/platform';
import { type DeliveryToQueue, WebhookDeliveryQueue } from '@payrail/webhooks';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { WebhookWorkerEnv } from '../config/webhook-worker.env.js';

/** Rows claimed per statement; a pass claims again while it finds full batches. */
const CLAIM_BATCH = 1000;

/**
 * Postgres is the record, Redis only a cache of work (issue #22): every pending delivery has
 * its next attempt's due time in Postgres. This finds the ones overdue by more than
 * WEBHOOK_RECONCILE_GRACE_MS (their job may be lost: Redis flushed, failed over, restarted
 * empty), claims them (SKIP LOCKED: every replica may run it, one wins per delivery; the claim
 * moves the due time on by the job lock so the others leave it), and makes sure the attempt's
 * job exists: queued again under its deterministic id when missing (a live job with that id
 * makes this a no-op), retried when it sits in the failed set after infrastructure errors.
 * A recovered delivery's first attempt gets back its rank in its owner's turns on the recovery
 * lane (issue #29 item 6), so a flushed Redis does not let one owner's recovery go first.
 */
@Injectable()
export class DeliveryReconciler {
  private readonly logger = new Logger(DeliveryReconciler.name);
  private readonly repo: WebhookDurabilityRepository;

  constructor(
    db: DataSource,
    private readonly queue: WebhookDeliveryQueue,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(WebhookWorkerEnv) private readonly env: WebhookWorkerEnv,
  ) {
    this.repo = new WebhookDurabilityRepository(db.manager);
  }

  /** One pass; returns how many attempts it queued again (or took out of the failed set). */
  async reconcile(): Promise<number> {
    // Redis down: claim nothing (a claim moves due times on by the job lock, delaying those attempts).
    await this.redis.ping();
    const ranks: RecoveryRanks = { base: await this.queue.recoveryRankBase(), next: new Map() };
    let requeued = 0;
    for (;;) {
      const due = await this.repo.claimOverdue(this.env.WEBHOOK_RECONCILE_GRACE_MS, this.env.WEBHOOK_JOB_LOCK_MS, CLAIM_BATCH);
      requeued += await this.ensureJobs(due, ranks);
      if (due.length < CLAIM_BATCH) break;
    }
    if (requeued > 0) this.logger.warn({ requeued }, 'queued overdue webhook attempts again (their jobs were missing from Redis)');
    return requeued;
  }

  private async ensureJobs(due: DueDelivery[], ranks: RecoveryRanks): Promise<number> {
    const states = await Promise.all(
      due.map((d) => this.queue.queueOf(d.lane).getJobState(webhookDeliveryJobId(d.id, d.round, d.roundAttempts))),
    );
    const missing = due.filter((_, i) => states[i] === 'unknown');
    const toQueue = (d: DueDelivery): DeliveryToQueue => ({
      deliveryId: d.id,
      round: d.round,
      attempt: d.roundAttempts,
      test: d.isTest,
      requestId: d.requestId,
      lane: d.lane,
      eventType: d.eventType,
    });
    // A recovered delivery's first attempt is queued as recover queued it: ranked within its
    // owner's turns (without a rank it would go before every owner's ranked ones); retries go
    // unranked as the worker queues them.
    const recovered = missing.filter(isRecoveredFirstAttempt);
    await this.queue.enqueue(missing.filter((d) => !isRecoveredFirstAttempt(d)).map(toQueue));
    for (const [owner, deliveries] of byOwner(recovered)) {
      const done = ranks.next.get(owner) ?? 0;
      await this.queue.enqueueRecovery(deliveries.map(toQueue), ranks.base + done);
      ranks.next.set(owner, done + deliveries.length);
    }
    const failed = due.filter((_, i) => states[i] === 'failed');
    for (const d of failed)
      await (await this.queue.queueOf(d.lane).getJob(webhookDeliveryJobId(d.id, d.round, d.roundAttempts)))?.retry('failed');
    return missing.length + failed.length;
  }
}

/**
 * Ranks of one reconciler pass: `base` is where the lane's turns are now (recoveryRankBase), and
 * `next` how many first attempts of each owner the pass has ranked, so an owner's k-th gets
 * base + k across the pass's claim batches, as the k-th of a recovery does.
 */
interface RecoveryRanks {
  base: number;
  next: Map<string, number>;
}

const isRecoveredFirstAttempt = (d: DueDelivery): boolean => d.lane === 'recovery' && d.roundAttempts === 0 && !d.isTest;

/** Deliveries by owner, each owner's in delivery id order (the order recover ranks them in). */
function byOwner(deliveries: DueDelivery[]): Map<string, DueDelivery[]> {
  const groups = new Map<string, DueDelivery[]>();
  for (const d of [...deliveries].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const group = groups.get(d.owner);
    if (group) group.push(d);
    else groups.set(d.owner, [d]);
  }
  return groups;
}
