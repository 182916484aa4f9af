import { Injectable } from '@nestjs/common';
import {
  acceptRefusal,
  exceptionEvent,
  exceptionView,
  PayrailError,
  type PaymentExceptionRecord,
  type PaymentExceptionView,
} from '@payrail/domain';
import { acceptUnderpayment, appendToOutbox, PaymentExceptionsRepository, SecurePaymentsRepository } from '@payrail/persistence';
import type { Caller } from '@payrail/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { idempotencyScope } from '../../payments/idempotency/credential-scope.js';
import { IdempotencyService, type Outcome } from '../../payments/idempotency/idempotency.service.js';
import { inTransaction, ownedException, platformOf, refuseWhileRefunding } from './exception-transaction.js';

/**
 * POST /v2/exceptions/{id}/accept: the platform keeps what arrived and the payment counts as
 * settled. underpaid: the request is accepted at what it received and settlement settles it again
 * (paid, payment.confirmed with subStatus `underpaid`, its link completed); late (beyond the
 * window): its expired link completes; overpaid, unexpected_payer, screening_rejected: the
 * request is already paid, the decision is recorded. Only an open exception (409 otherwise);
 * wrong_token and unsweepable never reached the payee and cannot be accepted (409). Announced by
 * payment.exception.resolved. Idempotency-Key replays the first answer.
 */
@Injectable()
export class AcceptException {
  constructor(
    private readonly db: DataSource,
    private readonly idempotency: IdempotencyService,
  ) {}

  async execute(command: { caller: Caller; id: string; idempotencyKey?: string }): Promise<Outcome<PaymentExceptionView>> {
    const platformId = platformOf(command.caller);
    return this.idempotency.run(
      { scope: idempotencyScope(command.caller), key: command.idempotencyKey, route: `POST /v2/exceptions/${command.id}/accept`, body: {} },
      async () => {
        const current = await ownedException(this.db.manager, platformId, command.id, false);
        refuse(current);
        await refuseWhileRefunding(this.db.manager, current);
        const at = new Date();
        const accepted: PaymentExceptionRecord = { ...current, status: 'accepted', resolution: 'accepted', resolvedAt: at };
        return {
          response: exceptionView(accepted),
          persist: (manager) => inTransaction(manager, (m) => this.accept(m, platformId, command.id, at)),
        };
      },
    );
  }

  private async accept(m: EntityManager, platformId: string, id: string, at: Date): Promise<void> {
    const e = await ownedException(m, platformId, id, true);
    refuse(e); // decided meanwhile by another call: 409, and nothing is written
    await refuseWhileRefunding(m, e);
    Object.assign(e, { status: 'accepted', resolution: 'accepted', resolvedAt: at });
    const repo = new PaymentExceptionsRepository(m);
    await repo.update(e);
    if (e.kind === 'underpaid') await acceptUnderpayment(m, e.requestId);
    if (e.kind === 'late') await appendToOutbox(m, await new SecurePaymentsRepository(m).settleForRequest(e.requestId, 'accepted'));
    await appendToOutbox(m, [exceptionEvent('payment.exception.resolved', e, await repo.identityOf(e.requestId), at)]);
  }
}

function refuse(e: PaymentExceptionRecord): void {
  const refusal = acceptRefusal(e.kind, e.status);
  if (refusal) throw new PayrailError('CONFLICT', refusal);
}
