import { Injectable } from '@nestjs/common';
import { TestClocksRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { TestClockAccess } from '../../payments/test-clocks/test-clock-access.js';
import type { DeletedTestClockDto } from '../dto/test-clock.dto.js';
import { clockNotFound } from './get-test-clock.use-case.js';

/**
 * DELETE /v2/test-clocks/{id}: the clock goes, and its schedules still open are cancelled (they
 * ran on its time only; nothing is sent on chain: without the clock nothing executes them). The
 * chain-worker does the same to clocks 7 days old.
 */
@Injectable()
export class DeleteTestClock {
  constructor(
    private readonly db: DataSource,
    private readonly access: TestClockAccess,
  ) {}

  execute({ platformId, id }: { platformId: string; id: string }): Promise<DeletedTestClockDto> {
    return this.db.transaction(async (m) => {
      const clock = await this.access.clock(m, platformId, id, true);
      if (!clock) throw clockNotFound();
      const cancelled = await new TestClocksRepository(m).delete(id);
      return { id, deleted: true, cancelledRecurringPaymentIds: cancelled };
    });
  }
}
