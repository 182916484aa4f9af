import { cancelAt } from '@payrail/domain';
import { appendToOutbox, RecurringDunningRepository, RecurringRepository } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { dunningPolicyOf, scheduleEvent } from './dunning-events.js';

/** Past-due schedules looked at per pass. */
const BATCH = 50;

/**
 * Dunning's last step: a schedule paused as past due that nobody fixed (unpause, or the
 * subscriber's fix) by its platform's `cancelAfterSeconds` (chain time) is cancelled for
 * nonpayment, with schedule.canceled_for_nonpayment, under its row lock. Payrail stops executing
 * it; the permit and the allowance stay on chain until the subscriber revokes them.
 */
export class DunningSweep {
  constructor(
    private readonly db: DataSource,
    private readonly network: string,
  ) {}

  /** Cancels the due ones at chain time `now`; answers how many. */
  async pass(now: number): Promise<number> {
    const ids = await new RecurringDunningRepository(this.db.manager).pastDueIds(this.network, BATCH);
    let cancelled = 0;
    for (const id of ids) if (await this.cancelIfDue(id, now)) cancelled++;
    return cancelled;
  }

  private cancelIfDue(id: string, now: number): Promise<boolean> {
    return this.db.transaction(async (m) => {
      const repo = new RecurringRepository(m);
      const s = await repo.lockForUpdate(id);
      if (s?.status !== 'paused' || !s.pastDueAt) return false;
      const at = cancelAt(await dunningPolicyOf(m, s.platformId), Math.floor(s.pastDueAt.getTime() / 1000));
      if (at === null || at > now) return false;
      await repo.update(id, { status: 'cancelled', cancellationReason: 'nonpayment', nextAttemptAt: null });
      await appendToOutbox(m, [await scheduleEvent(m, 'schedule.canceled_for_nonpayment', s, now)]);
      return true;
    });
  }
}
