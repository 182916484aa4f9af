import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndexOnline, dropIndexOnline } from './online-index.js';

/** The executor's past-due sweep: schedules paused by dunning, by the time they went past due (issue #37). */
export class RecurringPastDueIndex1763887410000 implements MigrationInterface {
  name = 'RecurringPastDueIndex1763887410000';
  /** Built CONCURRENTLY (see online-index.ts): the executor's writes never wait on the migration. */
  readonly transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await createIndexOnline(
      q,
      'recurring_payments_past_due',
      `recurring_payments (network, past_due_at) WHERE status = 'paused' AND past_due_at IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await dropIndexOnline(q, 'recurring_payments_past_due');
  }
}
