import type { DataSource, QueryRunner } from 'typeorm';
import { sqlExecute, sqlOne, sqlRows, type SqlTarget } from '../sql/typed-query.js';
import { type KeysetPage, pageOf } from './keyset.js';
import { type RequestFilter, type RequestListRow, requestByIdQuery, requestListQuery } from './request-listing.sql.js';

/** A fee-proxy transfer seen for a request (settled or not yet). */
export interface RequestTransferRow {
  tx_hash: string;
  log_index: number;
  block_number: string;
  block_timestamp: Date;
  from_address: string | null;
  to_address: string;
  amount: string;
  fee_amount: string;
  fee_address: string;
  settled_at: Date | null;
}

/** A webhook delivery of an event about a request, to one of the platform's endpoints. */
export interface RequestDeliveryRow {
  id: string;
  endpoint_id: string;
  url: string;
  event_type: string;
  status: string;
  attempt_count: number;
  last_status_code: number | null;
  created_at: Date;
  completed_at: Date | null;
}

/** Volume of settled requests per UTC day and payment currency (base units, as text). */
export interface VolumeRow {
  day: string;
  currency: string;
  decimals: number;
  count: number;
  amount: string;
}

const SETTLED = `('paid', 'overpaid', 'fee_short')`;

/** The platform's requests for its dashboard and API: list, detail, volume. Every query is scoped to the platform. */
export class RequestListingRepository {
  constructor(private readonly db: SqlTarget) {}

  async list(platformId: string, filter: RequestFilter, page: { cursor?: string; limit: number }): Promise<KeysetPage<RequestListRow>> {
    const { sql, params } = requestListQuery(platformId, filter, { cursor: page.cursor, limit: page.limit + 1 });
    return pageOf(await sqlRows<RequestListRow>(this.db, sql, params), page.limit);
  }

  byId(platformId: string, id: string): Promise<RequestListRow | undefined> {
    const { sql, params } = requestByIdQuery(platformId, id);
    return sqlOne<RequestListRow>(this.db, sql, params);
  }

  /** The transfers seen for a request of the platform, oldest first. */
  transfersOf(platformId: string, requestId: string): Promise<RequestTransferRow[]> {
    return sqlRows<RequestTransferRow>(
      this.db,
      `SELECT t.tx_hash, t.log_index, t.block_number::text AS block_number, t.block_timestamp, t.from_address, t.to_address,
              t.amount::text AS amount, t.fee_amount::text AS fee_amount, t.fee_address, t.settled_at
         FROM requests r JOIN payment_transfers t ON t.network = r.network AND t.reference_topic = r.reference_topic
        WHERE r.platform_id = $1 AND r.id = $2
        ORDER BY t.block_number, t.log_index`,
      [platformId, requestId],
    );
  }

  /** Webhook deliveries of the request's events to the platform's endpoints (its Client IDs'), newest first, at most `limit`. */
  deliveriesOf(platformId: string, requestId: string, limit: number): Promise<RequestDeliveryRow[]> {
    return sqlRows<RequestDeliveryRow>(
      this.db,
      `SELECT d.id, d.endpoint_id, e.url, d.event_type, d.status, d.attempt_count, d.last_status_code, d.created_at, d.completed_at
         FROM outbox_events o
         JOIN webhook_deliveries d ON d.outbox_event_id = o.id
         JOIN webhook_endpoints e ON e.id = d.endpoint_id
         JOIN client_ids c ON c.id = e.client_id_id
        WHERE o.aggregate_type = 'request' AND o.aggregate_id = $2 AND c.platform_id = $1
        ORDER BY d.created_at DESC, d.id DESC
        LIMIT $3`,
      [platformId, requestId, limit],
    );
  }

  /** Settled volume per UTC day (by paid_at) and payment currency over [from, to). */
  volume(platformId: string, from: Date, to: Date): Promise<VolumeRow[]> {
    return sqlRows<VolumeRow>(
      this.db,
      `SELECT to_char(date_trunc('day', r.paid_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, r.payment_currency AS currency,
              r.currency_decimals AS decimals, count(*)::int AS count, sum(r.amount_paid)::text AS amount
         FROM requests r
        WHERE r.platform_id = $1 AND r.status IN ${SETTLED} AND r.paid_at >= $2 AND r.paid_at < $3
        GROUP BY 1, 2, 3
        ORDER BY 1, 2`,
      [platformId, from, to],
    );
  }
}

/**
 * Every request of the platform under `filter`, newest first, in batches read from a Postgres
 * cursor (DECLARE ... FETCH) inside one read-only REPEATABLE READ transaction: the export sees one
 * snapshot, and memory holds one batch, whatever the row count. Stopping the iteration (the client
 * went away) closes the cursor and releases the connection.
 */
export async function* streamRequests(
  db: DataSource,
  platformId: string,
  filter: RequestFilter,
  batchSize = 1000,
): AsyncGenerator<RequestListRow[]> {
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    yield* streamRequestsOn(runner, platformId, filter, batchSize);
  } finally {
    await runner.release();
  }
}

/**
 * streamRequests on a connection the caller holds (the export's own pool): the transaction ends
 * (committed, or rolled back when the iteration stops early) but the connection stays the caller's.
 */
export async function* streamRequestsOn(
  runner: QueryRunner,
  platformId: string,
  filter: RequestFilter,
  batchSize = 1000,
): AsyncGenerator<RequestListRow[]> {
  const { sql, params } = requestListQuery(platformId, filter, {});
  try {
    await runner.startTransaction('REPEATABLE READ');
    await sqlExecute(runner.manager, 'SET TRANSACTION READ ONLY');
    await sqlExecute(runner.manager, `DECLARE requests_export NO SCROLL CURSOR FOR ${sql}`, params);
    for (;;) {
      const rows = await sqlRows<RequestListRow>(runner.manager, `FETCH FORWARD ${batchSize} FROM requests_export`);
      if (rows.length > 0) yield rows;
      if (rows.length < batchSize) break;
    }
    await runner.commitTransaction();
  } finally {
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
  }
}
