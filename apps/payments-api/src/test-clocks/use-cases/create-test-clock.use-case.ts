import { Injectable } from '@nestjs/common';
import { newUlid, PayrailError } from '@payrail/domain';
import { TestClocksRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { TestClockAccess } from '../../payments/test-clocks/test-clock-access.js';
import type { CreateTestClockDto, TestClockDto } from '../dto/test-clock.dto.js';
import { testClockView, unixSeconds } from '../test-clock-view.js';

/** The latest time a clock may show: the recurring proxy's times are uint32 seconds. */
export const LATEST_CLOCK_TIME = 2 ** 32 - 1;

export const invalidTime = (message: string) =>
  new PayrailError('VALIDATION_FAILED', message, { fields: [{ field: 'frozenTime', message }] });

/** POST /v2/test-clocks: a clock of the platform standing at `frozenTime` (local chain only). */
@Injectable()
export class CreateTestClock {
  constructor(
    private readonly db: DataSource,
    private readonly access: TestClockAccess,
  ) {}

  async execute({ platformId, body }: { platformId: string; body: CreateTestClockDto }): Promise<TestClockDto> {
    this.access.assertAvailable();
    const frozenTime = unixSeconds(body.frozenTime);
    if (!Number.isSafeInteger(frozenTime) || frozenTime < 0 || frozenTime > LATEST_CLOCK_TIME) {
      throw invalidTime('frozenTime must be a valid date-time between 1970 and 2106');
    }
    const clock = await new TestClocksRepository(this.db.manager).insert({
      id: newUlid(),
      platformId,
      name: body.name ?? null,
      frozenTime,
    });
    return testClockView(clock, []);
  }
}
