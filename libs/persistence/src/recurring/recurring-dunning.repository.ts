import type { EntityManager } from 'typeorm';
import { sqlExecute, sqlOne, sqlRows } from '../sql/typed-query.js';

/** A platform's dunning policy as stored (seconds); see DunningPolicy in @payrail/domain. */
export interface StoredDunningPolicy {
  retryDelaysSeconds: number[];
  gracePeriodSeconds: number;
  cancelAfterSeconds: number | null;
  updatedAt: Date;
}

/** A schedule whose next period may be in a pre-due window: what the check reads and reports. */
export interface PreDueCandidate {
  id: string;
  platformId: string;
  clientIdId: string | null;
  index: number;
  dueAt: number;
  payer: string;
  token: string;
  recurringProxy: string;
  network: string;
  paymentCurrency: string;
  currencyDecimals: number;
  perPayment: bigint;
  deadline: number;
  permit: unknown;
}

/**
 * Issue #37's tables: each platform's dunning policy (none stored: the default), the pre-due
 * checks already sent, and the sweeps over schedules in dunning.
 */
export class RecurringDunningRepository {
  constructor(private readonly manager: EntityManager) {}

  async policy(platformId: string): Promise<StoredDunningPolicy | null> {
    const row = await sqlOne<{
      retry_delays_seconds: number[];
      grace_period_seconds: number;
      cancel_after_seconds: number | null;
      updated_at: Date;
    }>(
      this.manager,
      'SELECT retry_delays_seconds, grace_period_seconds, cancel_after_seconds, updated_at FROM recurring_dunning_policies WHERE platform_id = $1',
      [platformId],
    );
    return row
      ? {
          retryDelaysSeconds: row.retry_delays_seconds.map(Number),
          gracePeriodSeconds: row.grace_period_seconds,
          cancelAfterSeconds: row.cancel_after_seconds,
          updatedAt: row.updated_at,
        }
      : null;
  }

  async savePolicy(platformId: string, policy: Omit<StoredDunningPolicy, 'updatedAt'>): Promise<void> {
    await sqlExecute(
      this.manager,
      `INSERT INTO recurring_dunning_policies (platform_id, retry_delays_seconds, grace_period_seconds, cancel_after_seconds)
       VALUES ($1, $2::integer[], $3, $4)
       ON CONFLICT (platform_id) DO UPDATE SET retry_delays_seconds = EXCLUDED.retry_delays_seconds,
         grace_period_seconds = EXCLUDED.grace_period_seconds, cancel_after_seconds = EXCLUDED.cancel_after_seconds, updated_at = now()`,
      [platformId, policy.retryDelaysSeconds, policy.gracePeriodSeconds, policy.cancelAfterSeconds],
    );
  }

  /**
   * Active schedules of a network whose next period falls due within `horizonSeconds` after
   * chain time `now` and has no check at `hoursBefore` recorded yet, oldest first.
   */
  async preDueCandidates(
    network: string,
    now: number,
    horizonSeconds: number,
    hoursBefore: number,
    limit: number,
  ): Promise<PreDueCandidate[]> {
    const rows = await sqlRows<{
      id: string;
      platform_id: string;
      client_id_id: string | null;
      index: number;
      due_at: string;
      payer: string;
      token: string;
      recurring_proxy: string;
      network: string;
      payment_currency: string;
      currency_decimals: number;
      per_payment: string;
      permit: { values: { deadline: number } };
    }>(
      this.manager,
      `SELECT s.id, s.platform_id, s.client_id_id, s.processed_payments + 1 AS index,
              (s.first_exec + s.processed_payments::bigint * s.period_seconds)::text AS due_at,
              s.payer, s.token, s.recurring_proxy, s.network, s.payment_currency, s.currency_decimals,
              (s.amount + s.fee_amount + s.gas_fee)::text AS per_payment, s.permit
         FROM recurring_payments s
        WHERE s.network = $1 AND s.status = 'active' AND s.processed_payments < s.total_payments AND s.test_clock_id IS NULL
          AND s.first_exec + s.processed_payments::bigint * s.period_seconds > $2
          AND s.first_exec + s.processed_payments::bigint * s.period_seconds <= $2 + $3
          AND NOT EXISTS (SELECT 1 FROM recurring_pre_due_checks c
                           WHERE c.recurring_payment_id = s.id AND c.index = s.processed_payments + 1 AND c.hours_before = $4)
        ORDER BY s.id LIMIT $5`,
      [network, now, horizonSeconds, hoursBefore, limit],
    );
    return rows.map((r) => ({
      id: r.id,
      platformId: r.platform_id,
      clientIdId: r.client_id_id,
      index: r.index,
      dueAt: Number(r.due_at),
      payer: r.payer,
      token: r.token,
      recurringProxy: r.recurring_proxy,
      network: r.network,
      paymentCurrency: r.payment_currency,
      currencyDecimals: r.currency_decimals,
      perPayment: BigInt(r.per_payment),
      deadline: Number(r.permit.values.deadline),
      permit: r.permit,
    }));
  }

  /** Records a check; false when one was already recorded (another replica, or before a restart): then nothing is sent. */
  async recordPreDueCheck(check: {
    recurringPaymentId: string;
    index: number;
    hoursBefore: number;
    event: 'payment.upcoming' | 'payment.at_risk';
    subStatus: string | null;
    checkedAt: Date;
  }): Promise<boolean> {
    const inserted = await sqlExecute(
      this.manager,
      `INSERT INTO recurring_pre_due_checks (recurring_payment_id, index, hours_before, event, sub_status, checked_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING 1`,
      [check.recurringPaymentId, check.index, check.hoursBefore, check.event, check.subStatus, check.checkedAt],
    );
    return inserted > 0;
  }

  /** Ids of the schedules of a network paused by dunning (past due), oldest first (not those on a test clock: its advance runs them). */
  async pastDueIds(network: string, limit: number): Promise<string[]> {
    const rows = await sqlRows<{ id: string }>(
      this.manager,
      `SELECT id FROM recurring_payments
        WHERE network = $1 AND status = 'paused' AND past_due_at IS NOT NULL AND test_clock_id IS NULL ORDER BY past_due_at LIMIT $2`,
      [network, limit],
    );
    return rows.map((r) => r.id);
  }
}
