import { RecurringRepository, SecurePaymentsRepository, sqlExecute, sqlRows, type RequestEntity } from '@payrail/persistence';
import type { EntityManager } from 'typeorm';

/**
 * What settling a batch of payment references needs to know of its requests beyond their rows,
 * read once for the batch instead of once per request: the public Client ID of each, the recurring
 * schedule an execution's request belongs to, and which requests any secure payment covers (only
 * those run the payer checks and the secure payment's settlement, which lock the payment).
 */
export class SettlementBatch {
  private constructor(
    private readonly clientIds: Map<string, string>,
    private readonly schedules: Map<string, string>,
    private readonly secured: Set<string>,
  ) {}

  static async load(m: EntityManager, requests: RequestEntity[]): Promise<SettlementBatch> {
    const ids = requests.map((r) => r.id);
    const clientIdIds = [...new Set(requests.map((r) => r.clientIdId).filter((c): c is string => c !== null))];
    const clients =
      clientIdIds.length === 0
        ? []
        : await sqlRows<{ id: string; client_id: string }>(m, 'SELECT id, client_id FROM client_ids WHERE id = ANY($1::text[])', [
            clientIdIds,
          ]);
    return new SettlementBatch(
      new Map(clients.map((c) => [c.id, c.client_id])),
      await new RecurringRepository(m).schedulesOfRequests(ids),
      await new SecurePaymentsRepository(m).requestsCovered(ids),
    );
  }

  clientIdOf(request: RequestEntity): string | null {
    return request.clientIdId ? (this.clientIds.get(request.clientIdId) ?? null) : null;
  }

  scheduleOf(request: RequestEntity): string | null {
    return this.schedules.get(request.id) ?? null;
  }

  hasSecurePayment(request: RequestEntity): boolean {
    return this.secured.has(request.id);
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
