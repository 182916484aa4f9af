import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { RecurringRepository } from '@payrail/persistence';
import type { Caller } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { ownerOf } from '../../payments/owner.js';
import { type RecurringStatusView, recurringStatusView } from '../recurring/recurring-status.view.js';

/** GET /v2/payouts/recurring/{id}, for its owner only (else 404). */
@Injectable()
export class GetRecurringPayment {
  constructor(private readonly db: DataSource) {}

  async execute(command: { caller: Caller; id: string }): Promise<RecurringStatusView> {
    const repo = new RecurringRepository(this.db.manager);
    const schedule = await repo.byId(ownerOf(command.caller), command.id);
    if (!schedule) throw new PayrailError('NOT_FOUND', 'Recurring payment not found');
    return recurringStatusView(schedule, await repo.executions(schedule.id));
  }
}
