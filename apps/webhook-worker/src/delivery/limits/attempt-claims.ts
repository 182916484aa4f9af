import { Inject, Injectable } from '@nestjs/common';
import { WEBHOOK_TIMEOUT_MS } from '@payrail/domain';
import { REDIS } from '@payrail/platform';
import type { Redis } from 'ioredis';
import { WebhookWorkerEnv } from '../../config/webhook-worker.env.js';

/** How long after a claim another job waits before it looks at the attempt again. */
export const CLAIMED_RETRY_MS = 1000;

/**
 * One job at a time per attempt (delivery, round, attempt number). Two jobs can carry the same
 * attempt: a batch job still waiting (no worker ran for a while, e.g. during a rolling upgrade)
 * and the single job the reconciler queued for the same overdue delivery (it knows single job
 * ids only). Both would load the attempt as not made yet and send it at the same moment. The
 * claim is a Redis key set NX that outlives the attempt and its recording; the job that finds it
 * taken waits and finds the attempt recorded. Lost with Redis (or a killed worker's claim expiring),
 * it only falls back to at-least-once, the contract anyway.
 */
@Injectable()
export class AttemptClaims {
  private readonly leaseMs: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(WebhookWorkerEnv) private readonly env: WebhookWorkerEnv,
  ) {
    // The send (WEBHOOK_TIMEOUT_MS at most) and its recording, with room to spare; given back once
    // recorded, so only a killed worker's claim runs its course (its attempt is sent again after it).
    this.leaseMs = WEBHOOK_TIMEOUT_MS + 5000;
  }

  /** True when this job may make the attempt; false when another job holds it. */
  async claim(deliveryId: string, round: number, attempt: number): Promise<boolean> {
    return (await this.redis.set(this.key(deliveryId, round, attempt), '1', 'PX', this.leaseMs, 'NX')) === 'OK';
  }

  /** The attempt is recorded: a job that comes later finds that in Postgres. */
  async release(deliveryId: string, round: number, attempt: number): Promise<void> {
    await this.redis.del(this.key(deliveryId, round, attempt));
  }

  private key(deliveryId: string, round: number, attempt: number): string {
    return `${this.env.QUEUE_PREFIX}:webhook-attempt:${deliveryId}:${round}:${attempt}`;
  }
}
