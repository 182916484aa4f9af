import { Inject, Injectable } from '@nestjs/common';
import { type ExtendedSchedule, nominalRetryDelayMs, parseRetryAfterMs, WEBHOOK_MAX_ATTEMPTS } from '@payrail/domain';
import { Backoffs } from 'bullmq';
import { WebhookWorkerEnv } from '../config/webhook-worker.env.js';

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
 * table of WEBHOOK_EXTENDED_DELAYS_MS up to the horizon, each delay jittered by BullMQ's own
 * `fixed` backoff with `jitter` (not hand-rolled); it also has a 429/503's Retry-After honoured
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
        : (Backoffs.calculate(
            { type: 'fixed', delay: nominal, jitter: this.env.WEBHOOK_EXTENDED_JITTER_PERCENT / 100 },
            attempt.attemptsMade,
            new Error('attempt failed'),
            // The built-in fixed strategy reads neither the error nor the job.
            undefined as never,
          ) as number);
    const asked = attempt.statusCode === 429 || attempt.statusCode === 503 ? parseRetryAfterMs(attempt.retryAfter, Date.now()) : null;
    const capped = asked === null ? null : Math.min(asked, this.env.WEBHOOK_RETRY_AFTER_MAX_SECONDS * 1000);
    return { kind: 'retry', delayMs: Math.max(jittered, capped ?? 0) };
  }
}
