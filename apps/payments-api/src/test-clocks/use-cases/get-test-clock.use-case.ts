import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { TestClocksRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { TestClockAccess } from '../../payments/test-clocks/test-clock-access.js';
import type { TestClockDto } from '../dto/test-clock.dto.js';
import { testClockView } from '../test-clock-view.js';

export const clockNotFound = () => new PayrailError('NOT_FOUND', 'Test clock not found');

/** GET /v2/test-clocks/{id}: the clock's time and status (poll it, or wait for test_clock.ready, after an advance). */
@Injectable()
export class GetTestClock {
  constructor(
    private readonly db: DataSource,
    private readonly access: TestClockAccess,
  ) {}

  async execute({ platformId, id }: { platformId: string; id: string }): Promise<TestClockDto> {
    const clock = await this.access.clock(this.db.manager, platformId, id);
    if (!clock) throw clockNotFound();
    return testClockView(clock, await new TestClocksRepository(this.db.manager).attachedIds(id));
  }
}
