import { Injectable } from '@nestjs/common';
import { advanceLimit, PayrailError, plannedEvents } from '@payrail/domain';
import { TestClocksRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { TestClockAccess } from '../../payments/test-clocks/test-clock-access.js';
import type { AdvanceTestClockDto, TestClockDryRunDto, TestClockDto } from '../dto/test-clock.dto.js';
import { testClockView, unixSeconds } from '../test-clock-view.js';
import { clockNotFound } from './get-test-clock.use-case.js';
import { invalidTime, LATEST_CLOCK_TIME } from './create-test-clock.use-case.js';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

export type AdvanceOutcome = { dryRun: true; view: TestClockDryRunDto } | { dryRun: false; view: TestClockDto };

/**
 * POST /v2/test-clocks/{id}/advance: forward only, at most two periods of the shortest attached
 * schedule (any open one) per advance. The chain-worker carries it out (202, status `advancing`,
 * then `test_clock.ready`); a dry run answers the events it would send and changes nothing.
 */
@Injectable()
export class AdvanceTestClock {
  constructor(
    private readonly db: DataSource,
    private readonly access: TestClockAccess,
  ) {}

  execute({ platformId, id, body }: { platformId: string; id: string; body: AdvanceTestClockDto }): Promise<AdvanceOutcome> {
    return this.db.transaction(async (m) => {
      const clock = await this.access.clock(m, platformId, id, !body.dryRun);
      if (!clock) throw clockNotFound();
      if (clock.status === 'advancing') {
        throw new PayrailError('CONFLICT', `Test clock ${id} is still advancing to ${iso(clock.targetTime!)}: wait for test_clock.ready`);
      }
      const target = unixSeconds(body.frozenTime);
      if (!(target > clock.frozenTime)) {
        throw invalidTime(`frozenTime must be after the clock's time ${iso(clock.frozenTime)}: test clocks only move forward`);
      }
      if (target > LATEST_CLOCK_TIME) throw invalidTime('frozenTime must be before 2106');
      const repo = new TestClocksRepository(m);
      const limit = advanceLimit(await repo.schedules(id, false), clock.frozenTime);
      if (limit !== null && target > limit) {
        throw invalidTime(
          `frozenTime is more than two periods of the shortest attached schedule ahead: advance to ${iso(limit)} at most, then again`,
        );
      }
      if (body.dryRun) {
        const events = plannedEvents(await repo.schedules(id, true), clock.frozenTime, target).map((e) => ({ ...e, at: iso(e.at) }));
        return { dryRun: true, view: { dryRun: true, testClockId: id, from: iso(clock.frozenTime), to: iso(target), events } };
      }
      const started = await repo.startAdvance(id, target);
      return { dryRun: false, view: testClockView(started, await repo.attachedIds(id)) };
    });
  }
}
