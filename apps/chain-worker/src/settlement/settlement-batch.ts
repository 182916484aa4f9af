import type { LockedForSettlement, RequestEntity } from '@payrail/persistence';

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
