import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Crypto-to-fiat: a payer's payment details (the payee's bank account; account numbers and
 * personal fields only as ciphertext, their masked forms beside) and the off-ramps opened for
 * requests (one per request, with the provider's deposit address and the sub-status reached).
 * New tables only: nothing to build online.
 */
export class PaymentDetails1763886710000 implements MigrationInterface {
  name = 'PaymentDetails1763886710000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payment_details (
        id uuid PRIMARY KEY,
        platform_id text NOT NULL REFERENCES platforms(id),
        payer_id uuid NOT NULL REFERENCES payers(id),
        bank_name text NOT NULL,
        currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
        beneficiary_type text NOT NULL CHECK (beneficiary_type IN ('individual', 'business')),
        rails text NOT NULL CHECK (rails IN ('local', 'swift', 'wire')),
        details_encrypted text NOT NULL,
        masked jsonb NOT NULL DEFAULT '{}'::jsonb,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'failed')),
        provider text NOT NULL,
        provider_ref text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (provider, provider_ref)
      )`);
    await q.query('CREATE INDEX payment_details_payer ON payment_details (payer_id, created_at, id)');
    await q.query(`
      CREATE TABLE offramps (
        id uuid PRIMARY KEY,
        platform_id text NOT NULL REFERENCES platforms(id),
        request_id text NOT NULL UNIQUE REFERENCES requests(id),
        payment_details_id uuid NOT NULL REFERENCES payment_details(id),
        provider text NOT NULL,
        offramp_id text NOT NULL,
        deposit_address text NOT NULL,
        state text NOT NULL DEFAULT 'awaiting_deposit' CHECK (state IN ('awaiting_deposit', 'funded', 'completed', 'failed')),
        sub_status text,
        confirmed_event jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (provider, offramp_id)
      )`);
    await q.query('CREATE INDEX offramps_payment_details ON offramps (payment_details_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE offramps');
    await q.query('DROP TABLE payment_details');
  }
}
