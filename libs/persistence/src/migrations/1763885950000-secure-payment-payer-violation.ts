import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A secure payment paid by a wallet its access policy refuses (outside `allowedPayerAddresses`,
 * or rejected by KYT) keeps what settlement found: `{reason, payerAddress, txHash, at}`. The
 * payment is then compliance_failed instead of completed (the payee still received the money).
 */
export class SecurePaymentPayerViolation1763885950000 implements MigrationInterface {
  name = 'SecurePaymentPayerViolation1763885950000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE secure_payments ADD COLUMN payer_violation jsonb');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE secure_payments DROP COLUMN payer_violation');
  }
}
