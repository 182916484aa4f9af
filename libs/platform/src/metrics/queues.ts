import { Histogram } from 'prom-client';
import { metricsRegistry, ScrapedGauge } from './registry.js';

// Queue generics: any BullMQ queue's depth and wait, by queue name.
export const queueJobs = new ScrapedGauge({
  name: 'payrail_queue_jobs',
  help: 'Jobs in a BullMQ queue by state (waiting, delayed, active, failed): the webhook worker scales on waiting',
  labelNames: ['queue', 'state'] as const,
});

export const queueWait = new Histogram({
  name: 'payrail_queue_wait_seconds',
  help: 'Time a job waited in its queue before a worker started it (from when it was due)',
  labelNames: ['queue'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [metricsRegistry],
});

/** A job started: how long it waited since it was due (its creation plus any delay; retries from their backoff's end). */
export function observeQueueWait(queue: string, job: { timestamp: number; processedOn?: number; delay?: number }): void {
  const started = job.processedOn ?? Date.now();
  queueWait.observe({ queue }, Math.max(0, started - job.timestamp - (job.delay ?? 0)) / 1000);
}

const JOB_STATES = ['waiting', 'delayed', 'active', 'failed'] as const;

/** Reports these queues' job counts at each scrape (one Redis round trip per queue). */
export function readQueueDepths(queues: { name: string; getJobCounts(...types: string[]): Promise<Record<string, number>> }[]): void {
  queueJobs.readFrom(async () => {
    const counts = await Promise.all(queues.map((q) => q.getJobCounts(...JOB_STATES)));
    return queues.flatMap((q, i) => JOB_STATES.map((state) => ({ labels: { queue: q.name, state }, value: counts[i][state] ?? 0 })));
  });
}
