import { Inject, Injectable } from '@nestjs/common';
import { type ExtendedSchedule, jitteredDelayMs, nominalRetryDelayMs, parseRetryAfterMs, WEBHOOK_MAX_ATTEMPTS } from '@payrail/domain';
import { WebhookWorkerEnv } from '../config/webhook-worker.env.js';

/*
 * The retry design, in one place.
 *
 * - Postgres holds the schedule. Each attempt is a row (webhook_delivery_attempts) and the
 *   delivery keeps its round, attempts made and next due time (next_attempt_at). Redis holds
 *   only jobs, each of which Postgres can rebuild.
 * - One BullMQ job per attempt, its id from (delivery, round, attempt): queueing the same
 *   attempt twice is one job. New live deliveries' first attempts go several to a job (batch).
 * - After a failed attempt, the worker records it with its next due time, and only once that
 *   has committed queues the next attempt as a delayed job (AttemptRecorder). A crash between
 *   the two leaves a due attempt with no job: the reconciler (reconciler/) finds overdue rows
 *   and queues them again, which also rebuilds everything after a Redis loss.
 * - BullMQ's own retries (INFRA_RETRIES) cover only a job that threw (Postgres or Redis down),
 *   never a receiver's refusal.
 * - An attempt is made once: a job skips a delivery whose round or attempt count moved on, and
 *   a Redis claim (AttemptClaims) keeps two jobs carrying the same attempt from sending it at
 *   the same moment. Lost claims fall back to at-least-once, the contract.
 * - A busy endpoint (its limits) puts the attempt back in BullMQ's delayed set, holding no slot.
 * - The delays are this policy's: below.
 */

export interface FailedAttempt {
  /** Attempts of the round including this one (1 after the first). */
  attemptsMade: number;
  isTest: boolean;
  extendedRetries: boolean;
  statusCode: number | null;
  retryAfter: string | null | undefined;
}

/** What follows a failed attempt: another after `delayMs`, the round's end, or the endpoint's (410 Gone). */
export type NextStep = { kind: 'retry'; delayMs: number } | { kind: 'final' } | { kind: 'gone' };

/**
 * The schedule after a failed attempt. The interface's (1 s, 5 s, 15 s, four attempts) stays
 * exact for every endpoint. An endpoint that opted into extended retries then continues on the
 * table of WEBHOOK_EXTENDED_DELAYS_MS up to the horizon, each delay shortened at random by up to
 * WEBHOOK_EXTENDED_JITTER_PERCENT (jitteredDelayMs); it also has a 429/503's Retry-After honoured
 * (up to WEBHOOK_RETRY_AFTER_MAX_SECONDS, never shorter than the schedule), and a 410 Gone ends
 * its deliveries and deactivates it. Test deliveries get one attempt.
 */
@Injectable()
export class RetryPolicy {
  private readonly extended: ExtendedSchedule;

  constructor(@Inject(WebhookWorkerEnv) private readonly env: WebhookWorkerEnv) {
    this.extended = {
      delaysMs: env.WEBHOOK_EXTENDED_DELAYS_MS.split(',').map(Number),
      horizonMs: env.WEBHOOK_EXTENDED_HORIZON_SECONDS * 1000,
    };
  }

  next(attempt: FailedAttempt): NextStep {
    if (attempt.isTest) return { kind: 'final' };
    if (attempt.extendedRetries && attempt.statusCode === 410) return { kind: 'gone' };
    const nominal = nominalRetryDelayMs(attempt.attemptsMade, attempt.extendedRetries ? this.extended : null);
    if (nominal === null) return { kind: 'final' };
    if (!attempt.extendedRetries) return { kind: 'retry', delayMs: nominal };
    const jittered =
      attempt.attemptsMade < WEBHOOK_MAX_ATTEMPTS
        ? nominal
        : jitteredDelayMs(nominal, this.env.WEBHOOK_EXTENDED_JITTER_PERCENT / 100, Math.random());
    const asked = attempt.statusCode === 429 || attempt.statusCode === 503 ? parseRetryAfterMs(attempt.retryAfter, Date.now()) : null;
    const capped = asked === null ? null : Math.min(asked, this.env.WEBHOOK_RETRY_AFTER_MAX_SECONDS * 1000);
    return { kind: 'retry', delayMs: Math.max(jittered, capped ?? 0) };
  }
}
