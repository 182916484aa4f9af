import type { INestApplication } from '@nestjs/common';
import type { PublishedDomainEvent } from '@payrail/domain';
import { sqlRows } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { FanOutEvent, type FanOutResult } from '../../../apps/webhook-worker/src/fan-out/fan-out-event.use-case.js';

/**
 * Awaits the fan-out of given outbox rows in a worker running in this process (tests only),
 * whichever way the event came: handed over by the relay or taken from the domain-events queue.
 */
export class FanOutWatcher {
  private readonly results = new Map<string, FanOutResult>();
  private readonly listeners = new Map<string, (r: FanOutResult) => void>();

  private constructor(fanOut: FanOutEvent) {
    const execute = fanOut.execute.bind(fanOut);
    fanOut.execute = async (event: PublishedDomainEvent) => {
      const result = await execute(event);
      this.results.set(event.outboxId, result);
      this.listeners.get(event.outboxId)?.(result);
      return result;
    };
  }

  /** Watches the fan-outs of a worker started with startWorkerInProcess, from now on. */
  static attach(worker: INestApplication): FanOutWatcher {
    return new FanOutWatcher(worker.get(FanOutEvent));
  }

  /** The fan-out result of an outbox row, once its fan-out finished (the first one, if run twice). */
  result(outboxId: string, timeoutMs = 20000): Promise<FanOutResult> {
    const known = this.results.get(outboxId);
    if (known) return Promise.resolve(known);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`fan-out of outbox row ${outboxId} did not finish in ${timeoutMs} ms`)), timeoutMs);
      this.listeners.set(outboxId, (r) => {
        clearTimeout(timer);
        this.listeners.delete(outboxId);
        resolve(r);
      });
    });
  }
}

/** Id of the newest outbox row (the one a test just wrote). */
export async function lastOutboxId(db: DataSource): Promise<string> {
  const [row] = await sqlRows<{ id: string }>(db, 'SELECT max(id)::text AS id FROM outbox_events');
  return row.id;
}

/** An outbox row as the relay publishes it. */
export async function readOutboxEvent(db: DataSource, outboxId: string): Promise<PublishedDomainEvent> {
  const [row] = await sqlRows<{
    type: string;
    aggregateType: string;
    aggregateId: string;
    payload: Record<string, unknown>;
    requestId: string | null;
    createdAt: Date;
  }>(
    db,
    `SELECT event_type AS type, aggregate_type AS "aggregateType", aggregate_id AS "aggregateId", payload, request_id AS "requestId", created_at AS "createdAt"
       FROM outbox_events WHERE id = $1`,
    [outboxId],
  );
  const { createdAt, ...event } = row;
  return { ...event, outboxId, occurredAt: createdAt.toISOString() };
}
