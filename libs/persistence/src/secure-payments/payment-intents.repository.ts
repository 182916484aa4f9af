import type { EntityManager } from 'typeorm';
import { sqlExecute, sqlOne } from '../sql/typed-query.js';

/** A transaction the hosted page says it submitted for a secure payment. */
export interface NewPaymentIntent {
  id: string;
  platformId: string;
  securePaymentToken: string;
  network: string;
  txHash: string;
  payerAddress: string | null;
  referenceTopics: string[];
}

export interface StoredPaymentIntent {
  id: string;
  network: string;
  txHash: string;
  referenceTopics: string[];
  outcome: string | null;
}

/**
 * What chain-worker found for an intent: `matched` (the receipt holds a fee-proxy payment of one of
 * the payment's references), `no_matching_transfer`, `reverted`, `not_mined` (no receipt in time),
 * or `detection_woken` (Tron: no receipt read, detection's next pass is run at once).
 */
export type PaymentIntentOutcome = 'matched' | 'no_matching_transfer' | 'reverted' | 'not_mined' | 'detection_woken';

/** Payment intents (table payment_intents), written by the page's intent route and completed by chain-worker. */
export class PaymentIntentsRepository {
  constructor(private readonly manager: EntityManager) {}

  /** Stores the intent, or answers the id of the one already stored for this payment and transaction (a repeated report). */
  async record(intent: NewPaymentIntent): Promise<string> {
    const row = await sqlOne<{ id: string }>(
      this.manager,
      `INSERT INTO payment_intents (id, platform_id, secure_payment_token, network, tx_hash, payer_address, reference_topics)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (secure_payment_token, tx_hash) DO UPDATE SET tx_hash = EXCLUDED.tx_hash
       RETURNING id`,
      [intent.id, intent.platformId, intent.securePaymentToken, intent.network, intent.txHash, intent.payerAddress, intent.referenceTopics],
    );
    return row!.id;
  }

  /** An intent by id (chain-worker reads what it was told about). */
  async byId(id: string): Promise<StoredPaymentIntent | undefined> {
    return sqlOne<StoredPaymentIntent>(
      this.manager,
      `SELECT id, network, tx_hash AS "txHash", reference_topics AS "referenceTopics", outcome FROM payment_intents WHERE id = $1`,
      [id],
    );
  }

  async complete(id: string, outcome: PaymentIntentOutcome): Promise<void> {
    await sqlExecute(this.manager, 'UPDATE payment_intents SET outcome = $2, processed_at = now() WHERE id = $1', [id, outcome]);
  }
}
