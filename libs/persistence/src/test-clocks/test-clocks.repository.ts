import type { ClockSchedule } from '@payrail/domain';
import { sqlExecute, sqlOne, sqlRows, type SqlTarget } from '../sql/typed-query.js';

export type TestClockStatus = 'ready' | 'advancing';

export interface TestClock {
  id: string;
  platformId: string;
  name: string | null;
  /** Unix seconds: the clock's time now (during an advance: the last point reached). */
  frozenTime: number;
  status: TestClockStatus;
  /** Unix seconds the running advance goes to, or null when ready. */
  targetTime: number | null;
  /** Unix seconds the last advance started from (null before the first one). */
  advancedFrom: number | null;
  createdAt: Date;
}

interface ClockRow {
  id: string;
  platform_id: string;
  name: string | null;
  frozen: string;
  status: TestClockStatus;
  target: string | null;
  advanced_from: string | null;
  created_at: Date;
}

const COLUMNS = `id, platform_id, name, extract(epoch FROM frozen_time)::bigint AS frozen, status,
  extract(epoch FROM target_time)::bigint AS target, extract(epoch FROM advanced_from)::bigint AS advanced_from, created_at`;

const clockOf = (r: ClockRow): TestClock => ({
  id: r.id,
  platformId: r.platform_id,
  name: r.name,
  frozenTime: Number(r.frozen),
  status: r.status,
  targetTime: r.target === null ? null : Number(r.target),
  advancedFrom: r.advanced_from === null ? null : Number(r.advanced_from),
  createdAt: r.created_at,
});

/** Schedules attached to a clock that can still be executed (active) or attached ones of any open state. */
const OPEN = `('awaiting_signature', 'active', 'paused')`;

/** How long a test clock lives (then it is deleted with its schedules cancelled). */
export const TEST_CLOCK_LIFETIME_DAYS = 7;

/** Test clocks (issue #37). API reads take the owning platform; the worker's reads are operator-wide. */
export class TestClocksRepository {
  constructor(private readonly db: SqlTarget) {}

  async insert(clock: { id: string; platformId: string; name: string | null; frozenTime: number }): Promise<TestClock> {
    const [row] = await sqlRows<ClockRow>(
      this.db,
      `INSERT INTO test_clocks (id, platform_id, name, frozen_time) VALUES ($1, $2, $3, to_timestamp($4)) RETURNING ${COLUMNS}`,
      [clock.id, clock.platformId, clock.name, clock.frozenTime],
    );
    return clockOf(row);
  }

  async byId(platformId: string, id: string, lock = false): Promise<TestClock | null> {
    const row = await sqlOne<ClockRow>(
      this.db,
      `SELECT ${COLUMNS} FROM test_clocks WHERE id = $1 AND platform_id = $2${lock ? ' FOR UPDATE' : ''}`,
      [id, platformId],
    );
    return row ? clockOf(row) : null;
  }

  /** The clock's attached schedules that may still execute a period (any open state; `active` only when asked). */
  async schedules(clockId: string, activeOnly: boolean): Promise<ClockSchedule[]> {
    const rows = await sqlRows<{
      id: string;
      first_exec: string;
      period_seconds: number;
      processed_payments: number;
      total_payments: number;
    }>(
      this.db,
      `SELECT id, first_exec, period_seconds, processed_payments, total_payments FROM recurring_payments
        WHERE test_clock_id = $1 AND status ${activeOnly ? `= 'active'` : `IN ${OPEN}`} ORDER BY id`,
      [clockId],
    );
    return rows.map((r) => ({
      id: r.id,
      firstExec: Number(r.first_exec),
      periodSeconds: r.period_seconds,
      processedPayments: r.processed_payments,
      totalPayments: r.total_payments,
    }));
  }

  /** Every schedule attached to the clock, oldest first. */
  async attachedIds(clockId: string): Promise<string[]> {
    const rows = await sqlRows<{ id: string }>(this.db, 'SELECT id FROM recurring_payments WHERE test_clock_id = $1 ORDER BY id', [
      clockId,
    ]);
    return rows.map((r) => r.id);
  }

  /** Starts an advance of a ready clock (the caller holds its row lock). */
  async startAdvance(id: string, target: number): Promise<TestClock> {
    const [row] = await sqlRows<ClockRow>(
      this.db,
      `UPDATE test_clocks SET status = 'advancing', target_time = to_timestamp($2), advanced_from = frozen_time, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, target],
    );
    return clockOf(row);
  }

  /** Deletes a clock; its open schedules are cancelled first (they never run on chain time). Their ids. */
  async delete(id: string): Promise<string[]> {
    const cancelled = await sqlRows<{ id: string }>(
      this.db,
      `UPDATE recurring_payments SET status = 'cancelled', updated_at = now() WHERE test_clock_id = $1 AND status IN ${OPEN} RETURNING id`,
      [id],
    );
    await sqlExecute(this.db, 'DELETE FROM test_clocks WHERE id = $1', [id]);
    return cancelled.map((r) => r.id);
  }

  /** Ids of clocks older than TEST_CLOCK_LIFETIME_DAYS (database time), at most `limit`. */
  async expiredIds(limit: number): Promise<string[]> {
    const rows = await sqlRows<{ id: string }>(
      this.db,
      `SELECT id FROM test_clocks WHERE created_at < now() - make_interval(days => $1) ORDER BY created_at LIMIT $2`,
      [TEST_CLOCK_LIFETIME_DAYS, limit],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Clocks with work (all on the local chain, the only one test clocks run on): advancing ones,
   * and ready ones with an attached active schedule whose next period is due at the clock's time
   * (payment 1 right after activation, or a retry).
   */
  async withWork(limit: number): Promise<TestClock[]> {
    const rows = await sqlRows<ClockRow>(
      this.db,
      `SELECT ${COLUMNS} FROM test_clocks c
        WHERE c.status = 'advancing'
           OR EXISTS (
             SELECT 1 FROM recurring_payments s
              WHERE s.test_clock_id = c.id AND s.status = 'active' AND s.processed_payments < s.total_payments
                AND s.first_exec + s.processed_payments::bigint * s.period_seconds <= extract(epoch FROM c.frozen_time))
        ORDER BY c.id LIMIT $1`,
      [limit],
    );
    return rows.map(clockOf);
  }

  /** Moves the clock to `time` during its advance (each time point reached). */
  async setFrozen(id: string, time: number): Promise<void> {
    await sqlExecute(this.db, 'UPDATE test_clocks SET frozen_time = to_timestamp($2), updated_at = now() WHERE id = $1', [id, time]);
  }

  /** Ends an advance: the clock stands at its target, ready. False when the clock is gone (deleted meanwhile). */
  async finishAdvance(id: string): Promise<boolean> {
    const n = await sqlExecute(
      this.db,
      `UPDATE test_clocks SET frozen_time = target_time, status = 'ready', target_time = NULL, updated_at = now()
        WHERE id = $1 AND status = 'advancing'`,
      [id],
    );
    return n > 0;
  }

  /** Attached periods due in (advanced_from, frozen_time] of a clock, by outcome: what test_clock.ready reports. */
  async advanceOutcome(clockId: string): Promise<{ executed: number; failed: number }> {
    const row = await sqlOne<{ executed: string; failed: string }>(
      this.db,
      `SELECT count(*) FILTER (WHERE e.status = 'succeeded') AS executed, count(*) FILTER (WHERE e.status = 'failed') AS failed
         FROM test_clocks c
         JOIN recurring_payments s ON s.test_clock_id = c.id
         JOIN recurring_executions e ON e.recurring_payment_id = s.id
        WHERE c.id = $1
          AND s.first_exec + (e.index - 1)::bigint * s.period_seconds <= extract(epoch FROM c.frozen_time)
          AND s.first_exec + (e.index - 1)::bigint * s.period_seconds > COALESCE(extract(epoch FROM c.advanced_from), 0)`,
      [clockId],
    );
    return { executed: Number(row?.executed ?? 0), failed: Number(row?.failed ?? 0) };
  }

  /** Executed periods of the clock's schedules whose request detection has not settled yet. */
  async unsettledExecutions(clockId: string): Promise<number> {
    const row = await sqlOne<{ n: string }>(
      this.db,
      `SELECT count(*) AS n FROM recurring_payments s
         JOIN recurring_executions e ON e.recurring_payment_id = s.id
         JOIN requests r ON r.id = e.request_id
        WHERE s.test_clock_id = $1 AND e.status = 'succeeded' AND r.status = 'pending'`,
      [clockId],
    );
    return Number(row?.n ?? 0);
  }

  /** Seconds test clocks have moved the local chain `genesisHash` of `network` ahead of its own time. */
  async chainOffset(network: string, genesisHash: string): Promise<number> {
    const row = await sqlOne<{ seconds: string }>(
      this.db,
      'SELECT seconds FROM chain_time_offsets WHERE network = $1 AND genesis_hash = $2',
      [network, genesisHash],
    );
    return Number(row?.seconds ?? 0);
  }

  async addChainOffset(network: string, genesisHash: string, seconds: number): Promise<void> {
    await sqlExecute(
      this.db,
      `INSERT INTO chain_time_offsets (network, genesis_hash, seconds) VALUES ($1, $2, $3)
       ON CONFLICT (network, genesis_hash) DO UPDATE SET seconds = chain_time_offsets.seconds + EXCLUDED.seconds, updated_at = now()`,
      [network, genesisHash, seconds],
    );
  }
}
