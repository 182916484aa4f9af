import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A secure payment may be a `batch` (POST /v2/secure-payments/batch-payouts: several payouts paid
 * in one transaction). The type's check is widened without a long lock: the new check is added
 * NOT VALID (no scan under the exclusive lock) and validated afterwards (a scan that lets writes through).
 */
export class SecurePaymentBatchType1763886705000 implements MigrationInterface {
  name = 'SecurePaymentBatchType1763886705000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE secure_payments DROP CONSTRAINT IF EXISTS secure_payments_payment_type_check');
    await q.query(
      `ALTER TABLE secure_payments ADD CONSTRAINT secure_payments_payment_type_check
         CHECK (payment_type IN ('single', 'multicall', 'batch')) NOT VALID`,
    );
    await q.query('ALTER TABLE secure_payments VALIDATE CONSTRAINT secure_payments_payment_type_check');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE secure_payments DROP CONSTRAINT IF EXISTS secure_payments_payment_type_check');
    await q.query(
      `ALTER TABLE secure_payments ADD CONSTRAINT secure_payments_payment_type_check
         CHECK (payment_type IN ('single', 'multicall')) NOT VALID`,
    );
  }
}
