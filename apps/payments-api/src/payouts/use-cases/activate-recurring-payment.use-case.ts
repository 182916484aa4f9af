import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { isSubscriberSignature } from '@payrail/permits';
import { RecurringRepository } from '@payrail/persistence';
import type { Caller } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { ownerOf } from '../../payments/owner.js';

export interface ActivationView {
  message: string;
  id: string;
  status: 'active';
}

const badRequest = (message: string) => new PayrailError('VALIDATION_FAILED', message);

/**
 * POST /v2/payouts/recurring/{id} {permitSignature}: the signature must recover the subscriber
 * of the stored permit; the schedule then becomes `active` and the executor takes it up.
 */
@Injectable()
export class ActivateRecurringPayment {
  constructor(private readonly db: DataSource) {}

  execute(command: { caller: Caller; id: string; permitSignature: string }): Promise<ActivationView> {
    return this.db.transaction(async (manager) => {
      const repo = new RecurringRepository(manager);
      const schedule = await repo.lockById(ownerOf(command.caller), command.id);
      if (!schedule) throw new PayrailError('NOT_FOUND', 'Recurring payment not found');
      if (schedule.status === 'active') throw badRequest('Recurring payment is already active');
      if (schedule.status !== 'awaiting_signature') throw badRequest(`Recurring payment is ${schedule.status}`);
      if (!isSubscriberSignature(schedule.permit, command.permitSignature)) throw badRequest('Invalid signature provided');
      await repo.update(schedule.id, { status: 'active', permitSignature: command.permitSignature.toLowerCase() });
      return { message: 'Recurring payment activated successfully', id: schedule.id, status: 'active' };
    });
  }
}
