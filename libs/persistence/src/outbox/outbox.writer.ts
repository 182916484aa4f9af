import { createHash } from 'node:crypto';
import type { DomainEvent } from '@payrail/domain';
import type { EntityManager } from 'typeorm';
import { sqlExecute } from '../sql/typed-query.js';
import { currentRequestId } from './request-scope.js';
import { currentTraceparent } from './trace-scope.js';

/**
 * Number of relay partitions. Events of one aggregate always land in the same partition,
 * which is what keeps them in order. Changing it needs a migration that re-partitions
 * unpublished rows.
 */
export const OUTBOX_PARTITIONS = 16;

/** Postgres NOTIFY channel raised by every transaction that appends to the outbox. */
export const OUTBOX_CHANNEL = 'payrail_outbox';

function outboxPartition(aggregateType: string, aggregateId: string): number {
  const digest = createHash('sha256').update(`${aggregateType}:${aggregateId}`).digest();
  return digest.readUInt32BE(0) % OUTBOX_PARTITIONS;
}

/**
 * Appends events to the outbox inside the caller's transaction: pass the EntityManager of
 * the transaction that writes the state change, so both commit or neither does. Each row
 * records the id of the HTTP request that caused it (null outside a request), which the relay
 * carries into the domain-event job and the dispatcher into the webhook delivery job; and, with
 * tracing on, the traceparent of the active span (the request's, a settlement's), which the relay continues.
 */
export async function appendToOutbox(
  manager: EntityManager,
  events: DomainEvent[],
  requestId: string | null = currentRequestId(),
): Promise<void> {
  if (!manager.queryRunner?.isTransactionActive) {
    throw new Error('appendToOutbox must run inside a transaction');
  }
  if (events.length === 0) return;
  const params: unknown[] = [];
  const partitions = new Set<number>();
  const rows = events.map((e) => {
    const at = params.length;
    const partition = outboxPartition(e.aggregateType, e.aggregateId);
    partitions.add(partition);
    params.push(e.type, e.aggregateType, e.aggregateId, partition, JSON.stringify(e.payload), requestId, currentTraceparent());
    return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}::jsonb, $${at + 6}, $${at + 7})`;
  });
  await sqlExecute(
    manager,
    `INSERT INTO outbox_events (event_type, aggregate_type, aggregate_id, partition, payload, request_id, traceparent) VALUES ${rows.join(', ')}`,
    params,
  );
  // Delivered at commit (and only then): relays listening on the channel wake up at once and
  // relay the partitions named ('3,7'), with no search for the partitions that have new rows.
  await sqlExecute(manager, `SELECT pg_notify('${OUTBOX_CHANNEL}', $1)`, [[...partitions].join(',')]);
}
