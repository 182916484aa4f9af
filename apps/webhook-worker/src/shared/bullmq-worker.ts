import { Logger } from '@nestjs/common';
import { type Job, type Processor, Worker, type WorkerOptions } from 'bullmq';
import { type JobResultFailure, observeQueueWait, traceJob } from '@payrail/platform';
import type { WebhookWorkerEnv } from '../config/webhook-worker.env.js';

/**
 * A BullMQ worker with the house settings: connection and prefix from config, the job lock
 * of WEBHOOK_JOB_LOCK_MS (a crashed process's jobs come back after it), stalled jobs
 * retried up to 5 times, errors logged (never thrown into the void). Each job runs in a span
 * (`traceJob`); `failure` names the results that are still failures on it.
 */
export function startWorker<T>(
  queue: string,
  env: WebhookWorkerEnv,
  process: Processor<T>,
  options: Pick<WorkerOptions, 'concurrency' | 'settings' | 'limiter'>,
  logger: Logger,
  failure?: JobResultFailure,
): Worker<T> {
  const observed: Processor<T> = (job, token, signal) => (
    observeQueueWait(queue, job),
    traceJob(queue, job, () => process(job, token, signal), failure)
  );
  const worker = new Worker<T>(queue, observed, {
    // Auto-pipelining sends the commands of jobs finishing together in one write (fewer syscalls).
    connection: { url: env.REDIS_URL, maxRetriesPerRequest: null, enableAutoPipelining: true },
    prefix: env.QUEUE_PREFIX,
    lockDuration: env.WEBHOOK_JOB_LOCK_MS,
    stalledInterval: Math.max(500, Math.floor(env.WEBHOOK_JOB_LOCK_MS / 2)),
    maxStalledCount: 5,
    ...options,
  });
  worker.on('error', (error) => logger.error({ err: error }, `${queue} worker error`));
  worker.on('failed', (job: Job<T> | undefined, error) => {
    if (job && job.attemptsMade >= (job.opts.attempts ?? 1))
      logger.warn({ jobId: job.id, reason: error.message }, `${queue} job failed for good`);
  });
  return worker;
}
