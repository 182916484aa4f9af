import type { EntityManager } from 'typeorm';
import { sqlExecute, sqlOne, sqlRows } from '../sql/typed-query.js';
import type { PaymentExportFilter } from './payment-export.repository.js';

/** A scheduled export as stored. */
export interface ExportScheduleRow {
  id: string;
  platform_id: string;
  frequency: 'daily' | 'monthly';
  format: 'csv' | 'json';
  destination: 's3' | 'email';
  email: string | null;
  columns: string[] | null;
  filter: Pick<PaymentExportFilter, 'status' | 'network' | 'clientId'>;
  created_at: Date;
}

/** One delivery of a schedule's period. */
export interface ExportDeliveryRow {
  schedule_id: string;
  period_from: Date;
  period_to: Date;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  row_count: number | null;
  location: string | null;
  last_error: string | null;
  delivered_at: Date | null;
}

export type NewExportSchedule = Omit<ExportScheduleRow, 'created_at'>;

/** Scheduled exports: a platform's schedules (always read with the platform) and their deliveries. */
export class ExportSchedulesRepository {
  constructor(private readonly m: EntityManager) {}

  async create(s: NewExportSchedule): Promise<ExportScheduleRow> {
    return (await sqlOne<ExportScheduleRow>(
      this.m,
      `INSERT INTO export_schedules (id, platform_id, frequency, format, destination, email, columns, filter)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
      [s.id, s.platform_id, s.frequency, s.format, s.destination, s.email, s.columns, JSON.stringify(s.filter)],
    ))!;
  }

  list(platformId: string): Promise<ExportScheduleRow[]> {
    return sqlRows<ExportScheduleRow>(this.m, 'SELECT * FROM export_schedules WHERE platform_id = $1 ORDER BY created_at, id', [
      platformId,
    ]);
  }

  /** Deletes the platform's schedule (its deliveries go with it); false when it has none of that id. */
  async delete(platformId: string, id: string): Promise<boolean> {
    const rows = await sqlRows<{ id: string }>(this.m, 'DELETE FROM export_schedules WHERE platform_id = $1 AND id = $2 RETURNING id', [
      platformId,
      id,
    ]);
    return rows.length > 0;
  }

  /** The latest delivery of each of these schedules. */
  latestDeliveries(scheduleIds: string[]): Promise<ExportDeliveryRow[]> {
    return sqlRows<ExportDeliveryRow>(
      this.m,
      `SELECT DISTINCT ON (schedule_id) * FROM export_deliveries WHERE schedule_id = ANY($1::text[]) ORDER BY schedule_id, period_from DESC`,
      [scheduleIds],
    );
  }

  /**
   * Records the delivery of each schedule's last complete period (`periodOf` answers it for a
   * frequency), once: a period that ended before the schedule was created is not delivered.
   */
  async recordDue(periodOf: (frequency: 'daily' | 'monthly') => { from: Date; to: Date }): Promise<void> {
    for (const frequency of ['daily', 'monthly'] as const) {
      const { from, to } = periodOf(frequency);
      await sqlExecute(
        this.m,
        `INSERT INTO export_deliveries (schedule_id, period_from, period_to)
         SELECT id, $2, $3 FROM export_schedules WHERE frequency = $1 AND created_at < $3
         ON CONFLICT DO NOTHING`,
        [frequency, from, to],
      );
    }
  }

  /** The oldest pending delivery with its schedule, or undefined. */
  nextPending(): Promise<(ExportDeliveryRow & { schedule: ExportScheduleRow }) | undefined> {
    return sqlOne<ExportDeliveryRow & { schedule: ExportScheduleRow }>(
      this.m,
      `SELECT d.*, to_jsonb(s.*) AS schedule FROM export_deliveries d JOIN export_schedules s ON s.id = d.schedule_id
        WHERE d.status = 'pending' ORDER BY d.created_at, d.schedule_id LIMIT 1`,
    );
  }

  async delivered(scheduleId: string, periodFrom: Date, rowCount: number, location: string): Promise<void> {
    await sqlExecute(
      this.m,
      `UPDATE export_deliveries SET status = 'delivered', attempts = attempts + 1, row_count = $3, location = $4, last_error = NULL,
              delivered_at = now() WHERE schedule_id = $1 AND period_from = $2`,
      [scheduleId, periodFrom, rowCount, location],
    );
  }

  /** A failed attempt: pending again until `maxAttempts`, then failed. */
  async attemptFailed(scheduleId: string, periodFrom: Date, error: string, maxAttempts: number): Promise<void> {
    await sqlExecute(
      this.m,
      `UPDATE export_deliveries SET attempts = attempts + 1, last_error = $3,
              status = CASE WHEN attempts + 1 >= $4 THEN 'failed' ELSE 'pending' END
        WHERE schedule_id = $1 AND period_from = $2`,
      [scheduleId, periodFrom, error.slice(0, 1000), maxAttempts],
    );
  }
}
