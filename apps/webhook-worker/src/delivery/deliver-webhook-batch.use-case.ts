import { Injectable } from '@nestjs/common';
import { type WebhookDeliveryJob } from '@payrail/domain';
import { WebhookDeliveryQueue } from '@payrail/webhooks';
import { type AttemptOutcome, DeliverWebhook } from './deliver-webhook.use-case.js';

/** One delivery of a batch and how its attempt ended ('busy': handed to a single job of its own, delayed). */
export interface BatchedAttempt {
  job: WebhookDeliveryJob;
  outcome: AttemptOutcome;
}

export type AroundAttempt = (job: WebhookDeliveryJob, attempt: () => Promise<AttemptOutcome>) => Promise<AttemptOutcome>;

/**
 * The first attempts of a batch job's deliveries (issue #24). The batch shares its job's Redis
 * round trips, and the queries loading its deliveries (those that get a slot in the same turn
 * load together); nothing else is shared: each delivery is
 * attempted on its own (DeliverWebhook: its own slot, endpoint limits, signature and POST), its
 * attempt recorded as soon as it ends (the store's batcher writes the attempts that end together
 * in one statement) and, when it failed, its retry queued as a single job right after that
 * record commits. A slow or failing delivery therefore delays none of its siblings, and a batch
 * run again (worker killed, stalled job) skips every delivery whose attempt was recorded.
 */
@Injectable()
export class DeliverWebhookBatch {
  constructor(
    private readonly deliver: DeliverWebhook,
    private readonly queue: WebhookDeliveryQueue,
  ) {}

  /** `around` wraps each delivery's attempt (the processor's span and metrics per delivery). */
  async execute(batch: WebhookDeliveryJob[], around: AroundAttempt = (_job, attempt) => attempt()): Promise<BatchedAttempt[]> {
    const settled = await Promise.allSettled(
      batch.map(async (job): Promise<BatchedAttempt> => {
        const outcome = await around(job, async () => {
          const attempted = await this.deliver.execute({
            deliveryId: job.deliveryId,
            round: job.round,
            attempt: job.attempt ?? 0,
            requestId: job.requestId ?? null,
            traceparent: job.traceparent ?? null,
          });
          // Refused by its endpoint's limits: the same attempt as a job of its own, in BullMQ's delayed set.
          if (attempted.kind === 'busy')
            await this.queue.enqueue([{ ...job, attempt: job.attempt ?? 0, eventType: attempted.eventType, delayMs: attempted.ms }]);
          return attempted;
        });
        return { job, outcome };
      }),
    );
    // Every attempt has ended before the job fails: BullMQ's retry of the batch never overlaps one in flight.
    const failure = settled.find((s) => s.status === 'rejected');
    if (failure) throw failure.reason;
    return settled.map((s) => (s as PromiseFulfilledResult<BatchedAttempt>).value);
  }
}
