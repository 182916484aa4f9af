import { sqlExecute, sqlOne, type SqlTarget } from '../sql/typed-query.js';

/**
 * Accepts a request's underpayment at what it received so far (`accepted_amount`), and marks its
 * transfers unsettled so that settlement's next pass settles it again: settlement stays the one
 * writer of a request's status, and that pass turns it paid with its payment.confirmed and
 * completes its link, as for any payment. Answers the request's identity, undefined when none.
 */
export async function acceptUnderpayment(
  db: SqlTarget,
  requestId: string,
): Promise<{ paymentReference: string; orchestratorId: string | null } | undefined> {
  const row = await sqlOne<{ payment_reference: string; orchestrator_id: string | null; network: string; reference_topic: string }>(
    db,
    `UPDATE requests SET accepted_amount = amount_paid, updated_at = now() WHERE id = $1
     RETURNING payment_reference, orchestrator_id, network, reference_topic`,
    [requestId],
  );
  if (!row) return undefined;
  await sqlExecute(db, 'UPDATE payment_transfers SET settled_at = NULL WHERE network = $1 AND reference_topic = $2', [
    row.network,
    row.reference_topic,
  ]);
  return { paymentReference: row.payment_reference, orchestratorId: row.orchestrator_id };
}
