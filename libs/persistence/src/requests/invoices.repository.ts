import { countsToward } from '@payrail/domain';
import type { EntityManager } from 'typeorm';
import { sqlExecute, sqlOne, sqlRows } from '../sql/typed-query.js';
import { ClientIdsRepository } from '../tenancy/client-ids.repository.js';
import { RequestEntity } from './request.entity.js';
import { type NewRequest, type RequestOwner, RequestsRepository } from './requests.repository.js';

/** One period of the series' frequency, in calendar terms (a month from Jan 31 is Feb 28 or 29). */
const STEP = `CASE r.recurrence_frequency WHEN 'DAILY' THEN interval '1 day' WHEN 'WEEKLY' THEN interval '7 days'
                WHEN 'MONTHLY' THEN interval '1 month' ELSE interval '1 year' END`;

/**
 * When period `n` of a series starts: its start plus n periods, counted in UTC from the start each
 * time (never from the previous period), so months never drift (Jan 31, Feb 28, Mar 31, ...).
 */
const periodStart = (n: string) => `(((r.recurrence_start AT TIME ZONE 'UTC') + (${n}) * ${STEP}) AT TIME ZONE 'UTC')`;

/** A settled transfer counted toward a request (its `payments[]`). */
export interface InvoicePaymentRow {
  tx_hash: string;
  block_timestamp: Date;
  from_address: string | null;
  amount: string;
  fee_amount: string;
  fee_address: string;
}

/** What a period shows of its series' first request. */
export interface SeriesRoot {
  id: string;
  is_recurrence_stopped: boolean;
  customer_info_encrypted: string | null;
}

/**
 * Invoices (POST /v2/request) and recurring invoice series: the series' first request holds the
 * recurrence, the number of the last period issued and when the next one is due (`next_period_at`).
 */
export class InvoicesRepository {
  constructor(private readonly manager: EntityManager) {}

  /** Inserts an invoice; a recurring one (recurrence set, period 0) is due again at the start of period 1. One transaction. */
  async insert(record: NewRequest): Promise<void> {
    await this.manager.transaction(async (m) => {
      await new RequestsRepository(m).insert([record]);
      if (record.recurrenceFrequency) {
        await sqlExecute(m, `UPDATE requests r SET next_period_at = ${periodStart('1')} WHERE r.id = $1`, [record.id]);
      }
    });
  }

  /** The transfers settlement counted toward the request (through its proxy, to its payee, in its token), oldest first. */
  async payments(request: RequestEntity): Promise<InvoicePaymentRow[]> {
    const rows = await sqlRows<InvoicePaymentRow & { contract: string; to_address: string; token: string | null }>(
      this.manager,
      `SELECT contract, to_address, token, tx_hash, block_timestamp, from_address, amount::text AS amount, fee_amount::text AS fee_amount,
              fee_address
         FROM payment_transfers
        WHERE network = $1 AND reference_topic = $2 AND settled_at IS NOT NULL
        ORDER BY block_number, log_index`,
      [request.network, request.referenceTopic],
    );
    const terms = {
      proxy: request.proxyAddress,
      payee: request.payee,
      token: request.currencyAddress,
      expected: request.expectedAmount,
      feeAmount: request.feeAmount,
      feeAddress: request.feeAddress,
    };
    return rows.filter((t) =>
      countsToward(terms, {
        contract: t.contract,
        to: t.to_address,
        token: t.token,
        amount: BigInt(t.amount),
        feeAmount: BigInt(t.fee_amount),
        feeAddress: t.fee_address,
      }),
    );
  }

  /**
   * The first request of the series a period request belongs to (same platform); undefined for any other
   * request. A series' first request has no originalRequestId; its recurrence_period counts the periods issued.
   */
  async seriesRoot(request: RequestEntity): Promise<SeriesRoot | undefined> {
    if (request.recurrencePeriod === null || !request.originalRequestId) return undefined;
    return sqlOne<SeriesRoot>(
      this.manager,
      'SELECT id, is_recurrence_stopped, customer_info_encrypted FROM requests WHERE id = $1 AND platform_id = $2',
      [request.originalRequestId, request.platformId],
    );
  }

  /**
   * Stops (or resumes) the recurring series of the owner's request `id` (the first request or any
   * period: the series' first request holds the flag). Resuming skips the periods that started while
   * stopped: the next one issued is the first to start after `now`. False when the owner has no such request.
   */
  async setRecurrenceStopped(owner: RequestOwner, id: string, stopped: boolean, now: Date): Promise<boolean> {
    const found = await sqlOne<{ root: string }>(
      this.manager,
      `SELECT CASE WHEN original_request_id IS NOT NULL AND recurrence_period IS NOT NULL THEN original_request_id ELSE id END AS root
         FROM requests
        WHERE id = $1 AND platform_id = $2 AND ($3::text IS NULL OR client_id_id = $3)`,
      [id, owner.platformId, owner.clientIdId ?? null],
    );
    if (!found) return false;
    const resumed = `(SELECT max(n) FROM generate_series(r.recurrence_period,
                        r.recurrence_period + ceil(extract(epoch FROM ($2::timestamptz - r.recurrence_start)) / 86400)::int + 1) AS n
                       WHERE ${periodStart('n')} <= $2::timestamptz)`;
    await sqlExecute(
      this.manager,
      `UPDATE requests r
          SET is_recurrence_stopped = $3,
              recurrence_period = CASE WHEN $3 OR r.recurrence_frequency IS NULL THEN r.recurrence_period
                                       ELSE greatest(r.recurrence_period, coalesce(${resumed}, r.recurrence_period)) END,
              next_period_at = CASE WHEN $3 OR r.recurrence_frequency IS NULL THEN NULL
                                    ELSE ${periodStart(`greatest(r.recurrence_period, coalesce(${resumed}, r.recurrence_period)) + 1`)} END,
              updated_at = now()
        WHERE r.id = $1`,
      [found.root, now, stopped],
    );
    return true;
  }

  /** Series whose next period is due at `now`, not stopped, locked (SKIP LOCKED: replicas take disjoint series), oldest due first. */
  dueSeries(now: Date, limit: number): Promise<RequestEntity[]> {
    return this.manager
      .createQueryBuilder(RequestEntity, 'r')
      .where('r.next_period_at <= :now', { now })
      .andWhere('NOT r.is_recurrence_stopped')
      .orderBy('r.nextPeriodAt')
      .limit(limit)
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getMany();
  }

  /** After issuing period `period` of the series `rootId`: the next one is due at the start of period + 1. */
  async advance(rootId: string, period: number): Promise<Date> {
    const row = await sqlOne<{ next_period_at: Date }>(
      this.manager,
      `UPDATE requests r SET recurrence_period = $2, next_period_at = ${periodStart('$2::int + 1')}, updated_at = now()
        WHERE r.id = $1 RETURNING r.next_period_at`,
      [rootId, period],
    );
    return row!.next_period_at;
  }

  /** The public Client ID a request was created with, if any. */
  publicClientId(clientIdId: string | null): Promise<string | null> {
    return new ClientIdsRepository(this.manager).publicClientId(clientIdId);
  }
}
