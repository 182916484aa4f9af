import { securePaymentStatusChanged, statusAfterSettlement, type DomainEvent, type SecurePaymentStatus } from '@payrail/domain';
import type { EntityManager } from 'typeorm';
import { sqlExecute, sqlOne, sqlRows } from '../sql/typed-query.js';
import { SecurePaymentEntity, type StoredFeePlan, type StoredPayerViolation, type StoredScreening } from './secure-payment.entity.js';

export type NewSecurePayment = Omit<
  SecurePaymentEntity,
  'status' | 'completedAt' | 'screenings' | 'payerViolation' | 'createdAt' | 'updatedAt' | 'feePlan' | 'destination'
> & { feePlan?: StoredFeePlan | null; destination?: SecurePaymentEntity['destination'] };

/** Who reads a payment by token: a Client ID of its platform (the one it was created with, if any). */
export interface SecurePaymentReader {
  platformId: string;
  clientIdId: string;
}

/** Screenings kept on one payment (recordScreening). */
export const MAX_SCREENINGS_PER_PAYMENT = 50;

/** Who manages a payment: its platform, narrowed to the Client ID it was created with when the caller used one. */
export interface SecurePaymentOwner {
  platformId: string;
  clientIdId?: string | null;
}

type Reason = Parameters<typeof securePaymentStatusChanged>[0]['reason'];

/**
 * Secure payments, read only through their owner or reader. A status change returns its
 * `secure_payment.status_changed` event: the caller appends it to the outbox in its transaction.
 */
export class SecurePaymentsRepository {
  constructor(private readonly manager: EntityManager) {}

  async insert(payment: NewSecurePayment): Promise<void> {
    // save() rather than insert(): insert's deep-partial typing rejects the free-form jsonb branding.
    await this.manager.save(
      this.manager.create(SecurePaymentEntity, {
        destination: null,
        ...payment,
        feePlan: payment.feePlan ?? null,
        status: 'pending',
        completedAt: null,
        screenings: {},
        payerViolation: null,
      }),
    );
  }

  /** The payment as a Client ID may read it: same platform, and its own when it was created with a Client ID. */
  async forReader(reader: SecurePaymentReader, token: string, lock = false): Promise<SecurePaymentEntity | null> {
    const found = await this.manager.findOne(SecurePaymentEntity, {
      where: { token, platformId: reader.platformId },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    return found && (found.clientIdId === null || found.clientIdId === reader.clientIdId) ? found : null;
  }

  /** Whether a secure payment of the platform over `requestId` hides its payee address (access policy `hidePayeeAddress`). */
  async hidesPayeeOf(platformId: string, requestId: string): Promise<boolean> {
    const row = await sqlOne<{ hides: boolean }>(
      this.manager,
      `SELECT EXISTS (SELECT 1 FROM secure_payments WHERE platform_id = $1 AND request_ids @> ARRAY[$2]::text[]
          AND (access_policy->>'hidePayeeAddress')::boolean) AS hides`,
      [platformId, requestId],
    );
    return row?.hides ?? false;
  }

  /** A multicall's children, in position order (the order of the parent's request ids). */
  async childrenOf(parent: SecurePaymentEntity): Promise<SecurePaymentEntity[]> {
    const children = await this.manager.find(SecurePaymentEntity, { where: { parentToken: parent.token, platformId: parent.platformId } });
    const position = (c: SecurePaymentEntity) => parent.requestIds.indexOf(c.requestIds[0]);
    return children.sort((a, b) => position(a) - position(b));
  }

  /** A multicall payout as a session of its platform reads it. */
  multicallForPlatform(platformId: string, token: string): Promise<SecurePaymentEntity | null> {
    return this.manager.findOne(SecurePaymentEntity, { where: { token, platformId, paymentType: 'multicall' } });
  }

  /** The payment as its creator manages it (locked: the caller changes it). */
  async forOwner(owner: SecurePaymentOwner, token: string): Promise<SecurePaymentEntity | null> {
    const where = owner.clientIdId
      ? { token, platformId: owner.platformId, clientIdId: owner.clientIdId }
      : { token, platformId: owner.platformId };
    return this.manager.findOne(SecurePaymentEntity, { where, lock: { mode: 'pessimistic_write' } });
  }

  /** Moves a (locked) payment to `to`; returns its status event (none when it already was `to`). */
  async transition(payment: SecurePaymentEntity, to: SecurePaymentStatus, reason: Reason, now = new Date()): Promise<DomainEvent[]> {
    const from = payment.status;
    if (from === to) return [];
    payment.status = to;
    payment.completedAt = to === 'completed' ? now : from === 'completed' ? null : payment.completedAt;
    await this.manager.update(SecurePaymentEntity, { token: payment.token }, { status: to, completedAt: payment.completedAt });
    return [
      securePaymentStatusChanged({
        token: payment.token,
        from,
        to,
        platformId: payment.platformId,
        clientIdId: payment.clientIdId,
        orchestratorId: payment.orchestratorId,
        reason,
        at: now.toISOString(),
      }),
    ];
  }

  /**
   * Moves up to `limit` open payments (single, multicall and children) whose expiry has passed
   * to `expired`; returns their status events (one per payment expired). Run inside a transaction: the rows
   * are locked FOR UPDATE SKIP LOCKED, so concurrent sweepers take disjoint rows and a row a
   * reader or settlement holds is left for the next pass (which sees it again only if still open).
   */
  async expireDue(now: Date, limit: number): Promise<DomainEvent[]> {
    // One statement for the batch (claim and update), instead of a round trip per payment: an open
    // payment never had a completion time, so expiring it changes its status alone.
    const expired = await sqlRows<{
      token: string;
      from: SecurePaymentStatus;
      platform_id: string;
      client_id_id: string | null;
      orchestrator_id: string | null;
      expires_at: Date;
    }>(
      this.manager,
      `WITH due AS (
         -- Served by the partial index secure_payments_open_expiry.
         SELECT token, status, expires_at FROM secure_payments
          WHERE status IN ('pending', 'partially_settled') AND expires_at <= $1
          ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       UPDATE secure_payments sp SET status = 'expired', updated_at = now()
         FROM due WHERE sp.token = due.token
       RETURNING sp.token, due.status AS from, sp.platform_id, sp.client_id_id, sp.orchestrator_id, due.expires_at`,
      [now, limit],
    );
    // In expiry order, as they were claimed (RETURNING keeps no order).
    expired.sort((a, b) => a.expires_at.getTime() - b.expires_at.getTime() || (a.token < b.token ? -1 : 1));
    return expired.map((p) =>
      securePaymentStatusChanged({
        token: p.token,
        from: p.from,
        to: 'expired',
        platformId: p.platform_id,
        clientIdId: p.client_id_id,
        orchestratorId: p.orchestrator_id,
        reason: 'expired',
        at: now.toISOString(),
      }),
    );
  }

  /**
   * Records a definitive screening of `wallet` on a (locked) payment. At most
   * MAX_SCREENINGS_PER_PAYMENT are kept (any wallet that proves control is screened, so throwaway
   * wallets could grow the row without bound): beyond it the oldest approved ones go first, then
   * the oldest rejected; a wallet forgotten is screened again if it comes back.
   */
  async recordScreening(payment: SecurePaymentEntity, wallet: string, screening: StoredScreening): Promise<void> {
    const all = { ...payment.screenings, [wallet]: screening };
    if (Object.keys(all).length <= MAX_SCREENINGS_PER_PAYMENT) {
      payment.screenings = all;
      await sqlExecute(
        this.manager,
        'UPDATE secure_payments SET screenings = screenings || $2::jsonb, updated_at = now() WHERE token = $1',
        [payment.token, JSON.stringify({ [wallet]: screening })],
      );
      return;
    }
    const rank = ([, s]: [string, StoredScreening]) => `${s.status === 'rejected' ? 1 : 0}:${s.at}`;
    const older = Object.entries(payment.screenings).sort((a, b) => (rank(a) < rank(b) ? -1 : 1));
    payment.screenings = Object.fromEntries([...older.slice(older.length - (MAX_SCREENINGS_PER_PAYMENT - 1)), [wallet, screening]]);
    await sqlExecute(this.manager, 'UPDATE secure_payments SET screenings = $2::jsonb, updated_at = now() WHERE token = $1', [
      payment.token,
      JSON.stringify(payment.screenings),
    ]);
  }

  /** The payments over a request whose access policy restricts its payer (allowlist or KYT), locked: settlement checks who paid. */
  async restrictingPayerOf(requestId: string): Promise<SecurePaymentEntity[]> {
    const payments = await this.settleableOver(requestId);
    return payments.filter((p) => p.accessPolicy.allowedPayerAddresses.length > 0 || p.accessPolicy.screening === 'kyt_all_wallets');
  }

  /**
   * Which of these requests any secure payment covers (whatever its status): settlement runs the
   * payer checks and the payment's settlement only for those, instead of a locked lookup per request.
   */
  async requestsCovered(requestIds: string[]): Promise<Set<string>> {
    if (requestIds.length === 0) return new Set();
    // One GIN probe (`@>` of a one-element array) per id. An overlap with the whole set (`&&`) is
    // planned as a parallel scan of every secure payment once the set is large (500 ids on a
    // year of 100,000 payments: 350 ms against 2 ms).
    const rows = await sqlRows<{ id: string }>(
      this.manager,
      `SELECT DISTINCT u.id FROM unnest($1::text[]) AS u(id)
        WHERE EXISTS (SELECT 1 FROM secure_payments sp WHERE sp.request_ids @> ARRAY[u.id])`,
      [requestIds],
    );
    return new Set(rows.map((r) => r.id));
  }

  /** Records that a refused wallet paid a (locked) payment; the payment then settles as compliance_failed. */
  async recordPayerViolation(payment: SecurePaymentEntity, violation: StoredPayerViolation): Promise<void> {
    payment.payerViolation = violation;
    await sqlExecute(this.manager, 'UPDATE secure_payments SET payer_violation = $2::jsonb, updated_at = now() WHERE token = $1', [
      payment.token,
      JSON.stringify(violation),
    ]);
  }

  /** The payments over a request that settlement may still move (pending, partially settled, completed), locked. */
  private settleableOver(requestId: string, withExpired = false): Promise<SecurePaymentEntity[]> {
    const statuses = withExpired ? `'pending', 'partially_settled', 'completed', 'expired'` : `'pending', 'partially_settled', 'completed'`;
    return (
      this.manager
        .createQueryBuilder(SecurePaymentEntity, 'sp')
        .setLock('pessimistic_write')
        // Containment (not `= ANY`) so the GIN index on request_ids serves it.
        .where('sp.request_ids @> ARRAY[:id]::text[]', { id: requestId })
        .andWhere(`sp.status IN (${statuses})`)
        .getMany()
    );
  }

  /** The newest single secure payment over a request (the link a remainder copies its settings from), or null. */
  singleOver(requestId: string): Promise<SecurePaymentEntity | null> {
    return this.manager
      .createQueryBuilder(SecurePaymentEntity, 'sp')
      .where('sp.request_ids @> ARRAY[:id]::text[]', { id: requestId })
      .andWhere(`sp.payment_type = 'single'`)
      .orderBy('sp.created_at', 'DESC')
      .getOne();
  }

  /** The earliest expiry of the secure payments over each of these requests (settlement's late check). */
  async expiriesOf(requestIds: string[]): Promise<Map<string, Date>> {
    if (requestIds.length === 0) return new Map();
    const rows = await sqlRows<{ id: string; expires_at: Date | null }>(
      this.manager,
      `SELECT u.id, (SELECT min(sp.expires_at) FROM secure_payments sp WHERE sp.request_ids @> ARRAY[u.id]) AS expires_at
         FROM unnest($1::text[]) AS u(id)`,
      [requestIds],
    );
    return new Map(rows.flatMap((r) => (r.expires_at ? [[r.id, r.expires_at] as const] : [])));
  }

  /**
   * After detection settled `requestId` (in its transaction, the request row already saved):
   * every payment over it is completed when all its requests are paid, a multicall partially
   * settled when some are; after a reorg took a payment back, a completed payment is open again
   * (pending, or partially settled). A payment a refused wallet paid (payerViolation) becomes
   * compliance_failed instead of completed. Idempotent; expired, invalidated and compliance_failed stay.
   * Returns the status events of the payments that changed.
   */
  async settleForRequest(requestId: string, late: 'none' | 'within' | 'beyond' | 'accepted' = 'none'): Promise<DomainEvent[]> {
    const payments = await this.settleableOver(requestId, late === 'within' || late === 'accepted');
    const events: DomainEvent[] = [];
    for (const payment of payments) {
      // Paid after its expiry, beyond the late window: the link is not completed, it expires (issue #35).
      if (late === 'beyond' && payment.status !== 'completed') {
        events.push(...(await this.transition(payment, 'expired', 'late')));
        continue;
      }
      // fee_short is not paid: a payment with a fee short of its plan does not complete.
      const row = await sqlOne<{ paid: number }>(
        this.manager,
        `SELECT count(*)::int AS paid FROM requests WHERE id = ANY($1) AND status IN ('paid', 'overpaid')`,
        [payment.requestIds],
      );
      const paid = row?.paid ?? 0;
      // Within the late window, or accepted by the platform: an expired link completes as if it were open (and only completes).
      const expired = payment.status === 'expired';
      const next = statusAfterSettlement(expired ? 'pending' : payment.status, payment.paymentType, paid, payment.requestIds.length);
      if (expired && next !== 'completed') continue;
      if (next === 'completed' && payment.payerViolation)
        events.push(...(await this.transition(payment, 'compliance_failed', payment.payerViolation.reason)));
      else if (next)
        events.push(
          ...(await this.transition(
            payment,
            next,
            late === 'accepted'
              ? 'accepted'
              : late === 'within'
                ? 'late'
                : payment.status === 'completed' || next === 'pending'
                  ? 'reversed'
                  : 'settled',
          )),
        );
    }
    return events;
  }
}
