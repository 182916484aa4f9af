import type { PublishedDomainEvent } from '@payrail/domain';
import { domainEventJobId, QUEUES } from '@payrail/platform';
import { QueueEvents } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { FanOutResult } from '../fan-out/fan-out-event.use-case.js';

/** Awaits the fan-out of given outbox rows through the domain-events queue's event stream (tests only). */
export class FanOutWatcher {
  private readonly results = new Map<string, FanOutResult>();
  private readonly listeners = new Map<string, (r: FanOutResult) => void>();

  private constructor(readonly events: QueueEvents) {
    events.on('completed', ({ jobId, returnvalue }) => {
      const result = (typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue) as FanOutResult;
      this.results.set(jobId, result);
      this.listeners.get(jobId)?.(result);
    });
  }

  static async start(redisUrl: string, prefix: string): Promise<FanOutWatcher> {
    const events = new QueueEvents(QUEUES.domainEvents, { connection: { url: redisUrl }, prefix });
    await events.waitUntilReady();
    return new FanOutWatcher(events);
  }

  /** The fan-out result of an outbox row, once its domain-event job completed. */
  result(outboxId: string, timeoutMs = 20000): Promise<FanOutResult> {
    const jobId = domainEventJobId(outboxId);
    const known = this.results.get(jobId);
    if (known) return Promise.resolve(known);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`fan-out of outbox row ${outboxId} did not finish in ${timeoutMs} ms`)), timeoutMs);
      this.listeners.set(jobId, (r) => {
        clearTimeout(timer);
        this.listeners.delete(jobId);
        resolve(r);
      });
    });
  }

  close(): Promise<void> {
    return this.events.close();
  }
}

/** Id of the newest outbox row (the one a test just wrote). */
export async function lastOutboxId(db: DataSource): Promise<string> {
  const [row] = await db.query<{ id: string }[]>('SELECT max(id)::text AS id FROM outbox_events');
  return row.id;
}

/** An outbox row as the relay publishes it. */
export async function readOutboxEvent(db: DataSource, outboxId: string): Promise<PublishedDomainEvent> {
  const [row] = await db.query<
    {
      type: string;
      aggregateType: string;
      aggregateId: string;
      payload: Record<string, unknown>;
      requestId: string | null;
      createdAt: Date;
    }[]
  >(
    `SELECT event_type AS type, aggregate_type AS "aggregateType", aggregate_id AS "aggregateId", payload, request_id AS "requestId", created_at AS "createdAt"
       FROM outbox_events WHERE id = $1`,
    [outboxId],
  );
  const { createdAt, ...event } = row;
  return { ...event, outboxId, occurredAt: createdAt.toISOString() };
}
