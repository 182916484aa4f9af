import { QUEUES } from '@payrail/platform';
import { QueueEvents } from 'bullmq';

export type JobEnd = 'completed' | 'failed';

/** The delivery round a job id belongs to: one job per attempt (`<round id>-a<n>`), reported per round. */
const roundOf = (jobId: string): string => jobId.replace(/-a\d+$/, '');

/** A batch job's return value (delivery job id -> outcome), else undefined. */
function parseBatch(returnvalue: unknown): Record<string, string> | undefined {
  const value: unknown = typeof returnvalue === 'string' && returnvalue.startsWith('{') ? JSON.parse(returnvalue) : returnvalue;
  return value !== null && typeof value === 'object' ? (value as Record<string, string>) : undefined;
}

/**
 * Watches the delivery queue's event stream (tests only): `finished(n)` resolves once n
 * distinct jobs have completed or failed for good (retries in between are not endings).
 */
export class DeliveryJobWatcher {
  readonly ended = new Map<string, JobEnd>();
  /** Jobs that failed an attempt and wait for their next one. */
  readonly delayed = new Set<string>();
  private waiters: { count: number; resolve: () => void }[] = [];

  private constructor(private readonly events: QueueEvents) {
    events.on('completed', ({ jobId, returnvalue }) => {
      // A batch job reports each delivery's outcome, by its attempt's job id.
      const outcomes = parseBatch(returnvalue) ?? { [jobId]: String(returnvalue).replace(/"/g, '') };
      for (const [id, outcome] of Object.entries(outcomes)) {
        // 'retrying': the attempt failed and the next attempt's job is queued; the round goes on.
        if (outcome === 'retrying' || outcome === 'delayed') this.delayed.add(roundOf(id));
        else this.end(roundOf(id), outcome === 'failed' ? 'failed' : 'completed');
      }
    });
    events.on('failed', ({ jobId }) => this.end(roundOf(jobId), 'failed'));
    events.on('delayed', ({ jobId }) => this.delayed.add(roundOf(jobId)));
  }

  static async start(redisUrl: string, prefix: string): Promise<DeliveryJobWatcher> {
    const events = new QueueEvents(QUEUES.webhookDeliveries, { connection: { url: redisUrl }, prefix });
    await events.waitUntilReady();
    return new DeliveryJobWatcher(events);
  }

  finished(count: number, timeoutMs = 60000): Promise<Map<string, JobEnd>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${this.ended.size} of ${count} delivery jobs finished within ${timeoutMs} ms`)),
        timeoutMs,
      );
      const waiter = {
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve(this.ended);
        },
      };
      if (this.ended.size >= count) waiter.resolve();
      else this.waiters.push(waiter);
    });
  }

  /** Resolves once the round's first attempt failed and a retry is scheduled. */
  retryScheduled(jobId: string, timeoutMs = 20000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`delivery job ${jobId} was not retried within ${timeoutMs} ms`)), timeoutMs);
      const check = () => {
        if (!this.delayed.has(jobId)) return false;
        clearTimeout(timer);
        resolve();
        return true;
      };
      if (!check()) this.events.on('delayed', check).on('completed', check);
    });
  }

  /** How one job ended, once it did. */
  job(jobId: string, timeoutMs = 60000): Promise<JobEnd> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`delivery job ${jobId} did not finish within ${timeoutMs} ms`)), timeoutMs);
      const check = () => {
        const end = this.ended.get(jobId);
        if (!end) return false;
        clearTimeout(timer);
        resolve(end);
        return true;
      };
      if (!check()) this.events.on('completed', check).on('failed', check);
    });
  }

  close(): Promise<void> {
    return this.events.close();
  }

  private end(jobId: string, how: JobEnd): void {
    this.ended.set(jobId, how);
    const ready = this.waiters.filter((w) => this.ended.size >= w.count);
    this.waiters = this.waiters.filter((w) => this.ended.size < w.count);
    for (const w of ready) w.resolve();
  }
}
