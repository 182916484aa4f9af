import { sqlExecute, type LockedForSettlement, type RequestEntity } from '@payrail/persistence';
import type { EntityManager } from 'typeorm';

/**
 * What settling a batch of payment references needs to know of its requests beyond their rows,
 * read with their locks in one statement (lockRequestsForSettlement): the public Client ID of each,
 * the recurring schedule an execution's request belongs to, and which requests any secure payment
 * covers (only those run the payer checks and the secure payment's settlement, which lock the payment).
 */
export class SettlementBatch {
  private readonly byId: Map<string, LockedForSettlement>;

  constructor(locked: LockedForSettlement[]) {
    this.byId = new Map(locked.map((l) => [l.request.id, l]));
  }

  clientIdOf(request: RequestEntity): string | null {
    return this.byId.get(request.id)?.clientId ?? null;
  }

  scheduleOf(request: RequestEntity): string | null {
    return this.byId.get(request.id)?.recurringPaymentId ?? null;
  }

  hasSecurePayment(request: RequestEntity): boolean {
    return this.byId.get(request.id)?.secured ?? false;
  }
}

/** Writes the settlement columns of these (locked) requests in one statement. */
export async function saveSettledRequests(m: EntityManager, requests: RequestEntity[]): Promise<void> {
  if (requests.length === 0) return;
  await sqlExecute(
    m,
    `UPDATE requests r SET amount_paid = u.amount_paid, fee_paid = u.fee_paid, status = u.status, tx_hash = u.tx_hash,
            paid_at = u.paid_at, updated_at = now()
       FROM unnest($1::text[], $2::numeric[], $3::numeric[], $4::text[], $5::text[], $6::timestamptz[])
         AS u(id, amount_paid, fee_paid, status, tx_hash, paid_at)
      WHERE r.id = u.id`,
    [
      requests.map((r) => r.id),
      requests.map((r) => r.amountPaid.toString()),
      requests.map((r) => r.feePaid.toString()),
      requests.map((r) => r.status),
      requests.map((r) => r.txHash),
      requests.map((r) => r.paidAt?.toISOString() ?? null),
    ],
  );
}

/** Rows grouped by their payment reference topic. */
export function byTopic<T extends { reference_topic: string }>(rows: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(row.reference_topic);
    if (list) list.push(row);
    else out.set(row.reference_topic, [row]);
  }
  return out;
}
