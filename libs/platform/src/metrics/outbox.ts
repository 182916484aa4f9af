import { OUTBOX_PARTITIONS, outboxBacklogByPartition } from '@payrail/persistence';
import { Counter, Histogram } from 'prom-client';
import type { DataSource } from 'typeorm';
import { metricsRegistry, ScrapedGauge } from './registry.js';

const registers = [metricsRegistry];

export const outboxBacklog = new ScrapedGauge({
  name: 'payrail_outbox_backlog_rows',
  help: 'Outbox rows not yet published, per partition',
  labelNames: ['partition'] as const,
});

export const outboxOldestAge = new ScrapedGauge({
  name: 'payrail_outbox_oldest_unpublished_age_seconds',
  help: 'Age of the oldest unpublished outbox row, per partition (0 when the partition is empty)',
  labelNames: ['partition'] as const,
});

export const outboxRelayPassDuration = new Histogram({
  name: 'payrail_outbox_relay_pass_duration_seconds',
  help: 'Duration of one relay pass over the partitions (publishing included)',
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers,
});

export const outboxEventsRelayed = new Counter({
  name: 'payrail_outbox_events_relayed_total',
  help: 'Outbox events published by this relay',
  registers,
});

/** The relay's process reports the outbox backlog from Postgres at each scrape (every partition, empty ones as 0). */
export function readOutboxBacklog(db: DataSource): void {
  const read = async () => {
    const rows = await outboxBacklogByPartition(db);
    const byPartition = new Map(rows.map((r) => [r.partition, r]));
    return Array.from({ length: OUTBOX_PARTITIONS }, (_, p) => ({ p, row: byPartition.get(p) }));
  };
  outboxBacklog.readFrom(async () => (await read()).map(({ p, row }) => ({ labels: { partition: p }, value: row?.rows ?? 0 })));
  outboxOldestAge.readFrom(async () =>
    (await read()).map(({ p, row }) => ({ labels: { partition: p }, value: Math.max(0, row?.age ?? 0) })),
  );
}
