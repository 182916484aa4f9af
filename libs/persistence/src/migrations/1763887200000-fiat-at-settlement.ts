import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accounting exports (issue #36 item 4): the fiat value of each payment when it settled, with the
 * rate, where the rate came from and when the rate was published, stored on the transfer at the
 * moment settlement marks it settled (never recomputed later). Rows settled before this migration,
 * or settled while no rate could be read, keep these columns empty. `fiat_value` and `fiat_rate`
 * are exact decimals (`fiat_rate`: one token in `fiat_currency`).
 */
export class FiatAtSettlement1763887200000 implements MigrationInterface {
  name = 'FiatAtSettlement1763887200000';

  async up(q: QueryRunner): Promise<void> {
    // Nullable columns without defaults: a catalogue change only, no table rewrite.
    await q.query(`
      ALTER TABLE payment_transfers
        ADD COLUMN fiat_currency text,
        ADD COLUMN fiat_value numeric,
        ADD COLUMN fiat_rate numeric,
        ADD COLUMN fiat_rate_source text,
        ADD COLUMN fiat_rate_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE payment_transfers
        DROP COLUMN fiat_currency, DROP COLUMN fiat_value, DROP COLUMN fiat_rate, DROP COLUMN fiat_rate_source, DROP COLUMN fiat_rate_at`);
  }
}
