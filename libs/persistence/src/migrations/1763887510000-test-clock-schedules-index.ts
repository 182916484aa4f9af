import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndexOnline, dropIndexOnline } from './online-index.js';

/** The schedules attached to a test clock (few: only those rows are indexed). */
export class TestClockSchedulesIndex1763887510000 implements MigrationInterface {
  name = 'TestClockSchedulesIndex1763887510000';
  /** Built CONCURRENTLY (see online-index.ts): the executor's writes never wait on the migration. */
  readonly transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await createIndexOnline(q, 'recurring_payments_test_clock', 'recurring_payments (test_clock_id) WHERE test_clock_id IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await dropIndexOnline(q, 'recurring_payments_test_clock');
  }
}
