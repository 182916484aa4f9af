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
  /** The Client ID (its row id) the page reported it with: open intents are capped per Client ID. */
  clientIdId: string;
}

/** How many open intents (no outcome yet, younger than `openForMinutes`) a link and a Client ID may hold. */
export interface OpenIntentCaps {
  perLink: number;
  perClientId: number;
  openForMinutes: number;
}

/** The intent's id (a new one, or the one already stored for this payment and transaction), or which cap refused it. */
export type RecordedIntent = { id: string } | { refused: 'link' | 'client-id' };

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
 * `detection_woken` (Tron: no receipt read, detection's next pass is run at once), or
 * `unknown_transaction` (the node did not know the hash after the grace checks: dropped).
 */
export type PaymentIntentOutcome =
  'matched' | 'no_matching_transfer' | 'reverted' | 'not_mined' | 'detection_woken' | 'unknown_transaction';

/** Payment intents (table payment_intents), written by the page's intent route and completed by chain-worker. */
export class PaymentIntentsRepository {
  constructor(private readonly manager: EntityManager) {}

  /**
   * Stores the intent unless its link or its Client ID already holds `caps` open intents (a
   * repeated report of a stored one answers its id, whatever the caps). Atomic across replicas:
   * the Client ID's and the link's transaction-scoped advisory locks (always in that order)
   * serialize the count and the insert of every intent of either.
   */
  async recordWithinCaps(intent: NewPaymentIntent, caps: OpenIntentCaps): Promise<RecordedIntent> {
    return this.manager.transaction(async (m) => {
      await sqlExecute(m, `SELECT pg_advisory_xact_lock(hashtextextended('payment-intents:client:' || $1, 0))`, [intent.clientIdId]);
      await sqlExecute(m, `SELECT pg_advisory_xact_lock(hashtextextended('payment-intents:link:' || $1, 0))`, [intent.securePaymentToken]);
      const known = await sqlOne<{ id: string }>(m, 'SELECT id FROM payment_intents WHERE secure_payment_token = $1 AND tx_hash = $2', [
        intent.securePaymentToken,
        intent.txHash,
      ]);
      if (known) return { id: known.id };
      const open = await sqlOne<{ link: number; client: number }>(
        m,
        `SELECT
           (SELECT count(*)::int FROM (SELECT 1 FROM payment_intents WHERE secure_payment_token = $1 AND outcome IS NULL
              AND created_at > now() - make_interval(mins => $5::int) LIMIT $3) l) AS link,
           (SELECT count(*)::int FROM (SELECT 1 FROM payment_intents WHERE client_id_id = $2 AND outcome IS NULL
              AND created_at > now() - make_interval(mins => $5::int) LIMIT $4) c) AS client`,
        [intent.securePaymentToken, intent.clientIdId, caps.perLink, caps.perClientId, caps.openForMinutes],
      );
      if (open!.link >= caps.perLink) return { refused: 'link' };
      if (open!.client >= caps.perClientId) return { refused: 'client-id' };
      await sqlExecute(
        m,
        `INSERT INTO payment_intents (id, platform_id, secure_payment_token, network, tx_hash, payer_address, reference_topics, client_id_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          intent.id,
          intent.platformId,
          intent.securePaymentToken,
          intent.network,
          intent.txHash,
          intent.payerAddress,
          intent.referenceTopics,
          intent.clientIdId,
        ],
      );
      return { id: intent.id };
    });
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
