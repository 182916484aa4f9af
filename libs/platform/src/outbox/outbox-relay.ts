import type { PublishedDomainEvent } from '@payrail/domain';
import { OUTBOX_PARTITIONS, sqlExecute, sqlOne, sqlRows } from '@payrail/persistence';
import type { DataSource, EntityManager } from 'typeorm';
import { tracePublish } from '../tracing/jobs.js';

/** Where the relay puts events. Must be idempotent per outboxId (it may be called twice). */
export interface EventPublisher {
  publish(events: PublishedDomainEvent[]): Promise<void>;
}

export interface OutboxRelayOptions {
  batchSize: number;
  /** Key space of the advisory locks: one lock per partition, (namespace, partition). */
  lockNamespace: number;
  /** Partitions worked at once, each in its own transaction (default 1). */
  concurrency?: number;
}

interface OutboxRow {
  id: string;
  event_type: string;
  aggregate_type: string;
  aggregate_id: string;
  payload: Record<string, unknown>;
  request_id: string | null;
  traceparent: string | null;
  created_at: Date;
}

/**
 * Moves outbox rows to the publisher, at least once, in order per aggregate, with any
 * number of relays running. Rows are spread over OUTBOX_PARTITIONS partitions by
 * aggregate; a relay works a partition only while it holds that partition's transaction
 * advisory lock: in one transaction it reads the partition's unpublished rows in id order,
 * publishes them, and marks them published. Publishing is not part of that transaction (the
 * publisher writes to Redis, or on its own connections). A relay that dies before the commit
 * leaves the rows unpublished and the lock released, so another relay publishes them again
 * (the publisher dedups by outbox id).
 */
export class OutboxRelay {
  private nextPartition = Math.floor(Math.random() * OUTBOX_PARTITIONS);

  constructor(
    private readonly dataSource: DataSource,
    private readonly publisher: EventPublisher,
    private readonly options: OutboxRelayOptions,
  ) {}

  /** One pass over the partitions that have unpublished rows; returns how many events were published. */
  async relayOnce(): Promise<number> {
    return (await this.relayPartitions(await this.busyPartitions())).published;
  }

  /** The partitions that have unpublished rows, starting one further each call (no partition always last). */
  async busyPartitions(): Promise<number[]> {
    const busy = await sqlRows<{ partition: number }>(
      this.dataSource,
      'SELECT DISTINCT partition FROM outbox_events WHERE published_at IS NULL',
    );
    const partitions = new Set(busy.map((r) => r.partition));
    const todo: number[] = [];
    for (let i = 0; i < OUTBOX_PARTITIONS; i++) {
      const partition = (this.nextPartition + i) % OUTBOX_PARTITIONS;
      if (partitions.has(partition)) todo.push(partition);
    }
    this.nextPartition = (this.nextPartition + 1) % OUTBOX_PARTITIONS;
    return todo;
  }

  /**
   * One batch from each of `partitions` (those a notification named: no search for busy
   * partitions); answers how many events were published and the partitions that filled their
   * batch (more may be waiting there). A partition another relay holds is skipped.
   */
  async relayPartitions(partitions: readonly number[]): Promise<{ published: number; full: number[] }> {
    const todo = [...partitions];
    let published = 0;
    const full: number[] = [];
    const lane = async () => {
      for (let partition = todo.shift(); partition !== undefined; partition = todo.shift()) {
        const relayed = await this.relayPartition(partition); // not `published += await`: lanes interleave
        published += relayed;
        if (relayed >= this.options.batchSize) full.push(partition);
      }
    };
    const lanes = await Promise.allSettled(Array.from({ length: Math.max(1, this.options.concurrency ?? 1) }, lane));
    const failed = lanes.find((l) => l.status === 'rejected');
    if (failed) throw failed.reason;
    return { published, full };
  }

  private relayPartition(partition: number): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.tryLock(manager, partition))) return 0;
      const rows = await sqlRows<OutboxRow>(
        manager,
        `SELECT id::text AS id, event_type, aggregate_type, aggregate_id, payload, request_id, traceparent, created_at
           FROM outbox_events
          WHERE partition = $1 AND published_at IS NULL
          ORDER BY outbox_events.id -- the bigint column, not the text alias
          LIMIT $2`,
        [partition, this.options.batchSize],
      );
      if (rows.length === 0) return 0;
      await tracePublish(rows.map(toEvent), (events) => this.publisher.publish(events));
      await sqlExecute(manager, `UPDATE outbox_events SET published_at = now() WHERE id = ANY($1::bigint[])`, [rows.map((r) => r.id)]);
      return rows.length;
    });
  }

  private async tryLock(manager: EntityManager, partition: number): Promise<boolean> {
    const row = await sqlOne<{ locked: boolean }>(manager, 'SELECT pg_try_advisory_xact_lock($1::int, $2::int) AS locked', [
      this.options.lockNamespace,
      partition,
    ]);
    return row?.locked === true;
  }
}

function toEvent(row: OutboxRow): PublishedDomainEvent {
  return {
    outboxId: row.id,
    type: row.event_type,
    aggregateType: row.aggregate_type,
    aggregateId: row.aggregate_id,
    payload: row.payload,
    requestId: row.request_id,
    traceparent: row.traceparent,
    occurredAt: row.created_at.toISOString(),
  };
}
