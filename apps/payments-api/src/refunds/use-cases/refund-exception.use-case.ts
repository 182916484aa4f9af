import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { PaymentExceptionsRepository } from '@payrail/persistence';
import type { Caller } from '@payrail/platform';
import { DataSource } from 'typeorm';
import type { Outcome } from '../../payments/idempotency/idempotency.service.js';
import type { RefundView } from '../../payments/records/refund-view.js';
import { ownerOf } from '../../payments/owner.js';
import type { RefundExceptionDto } from '../dto/refund-exception.dto.js';
import { CreateRefund } from './create-refund.use-case.js';

/**
 * POST /v2/exceptions/{id}/refund: gives back the money of a payment exception through
 * CreateRefund (the request refunds route's use case) with the exception's request and id. Another
 * platform's exception is 404. CreateRefund checks the exception (open, refundable, no refund under
 * way: 409) before and again under its lock, defaults the amount (overpaid: the excess; the other
 * kinds: everything received) and replays the first answer for the same Idempotency-Key. The
 * exception stays `open` with the refund linked; settlement turns it `refunded` when the refund is
 * confirmed on chain (payment.exception.resolved).
 */
@Injectable()
export class RefundException {
  constructor(
    private readonly db: DataSource,
    private readonly createRefund: CreateRefund,
  ) {}

  async execute(command: { caller: Caller; id: string; body: RefundExceptionDto; idempotencyKey?: string }): Promise<Outcome<RefundView>> {
    const exception = await new PaymentExceptionsRepository(this.db.manager).owned(ownerOf(command.caller).platformId, command.id);
    if (!exception) throw new PayrailError('NOT_FOUND', 'Exception not found');
    return this.createRefund.execute({
      caller: command.caller,
      requestId: exception.requestId,
      body: { amount: command.body.amount, refundAddress: command.body.refundAddress },
      idempotencyKey: command.idempotencyKey,
      exceptionId: exception.id,
    });
  }
}
