import { Logger } from '@nestjs/common';
import { clockTimePoints, webhookEvent } from '@payrail/domain';
import { appendToOutbox, type TestClock, TestClocksRepository } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import type { LocalChainTime } from './local-chain-time.js';
import type { ScheduleRunner } from './schedule-runner.js';

/** Clocks looked at per pass, and expired clocks deleted per pass. */
const BATCH = 20;
/** Longest wait for detection to settle an advance's payments before test_clock.ready is sent anyway. */
const SETTLE_WAIT_MS = 30_000;
const SETTLE_POLL_MS = 100;
/** Payments of one schedule due at one time point (a schedule far behind catches up this many per point). */
const MAX_ROUNDS_PER_POINT = 16;

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * Carries out test clock advances on the local chain (issue #37), inside the local network's
 * executor pass, so it never runs beside that network's ordinary pass or another replica's.
 *
 * An advance walks the clock's time points (`clockTimePoints`: today the periods due; pre-due
 * checks and dunning retries join there) in time order. At each point the local chain is moved
 * there (anvil), the clock's time is stored, and the ordinary executor (`ScheduleRunner.executeDue`)
 * runs the attached schedules with the clock's time as `now`: the same claim, send, receipt and
 * events as any payment. Then the clock stands at its target and `test_clock.ready` is written in
 * the same transaction. An advance interrupted (shutdown, an RPC error) resumes from the last
 * point stored. A ready clock is also visited when an attached schedule is due at its time
 * (payment 1 right after activation, a failed period tried again).
 */
export class TestClockRunner {
  private readonly logger = new Logger('TestClocks');
  private readonly clocks: TestClocksRepository;

  constructor(
    private readonly db: DataSource,
    private readonly network: string,
    private readonly runner: ScheduleRunner,
    private readonly chainTime: LocalChainTime,
    private readonly stopping: () => boolean = () => false,
    /** Detection runs in this deployment: test_clock.ready waits for it to settle the advance's payments. */
    private readonly awaitSettlement = true,
  ) {
    this.clocks = new TestClocksRepository(db.manager);
  }

  /** Seconds test clocks have moved this chain ahead (the ordinary pass subtracts them). */
  async chainSkew(): Promise<number> {
    return this.clocks.chainOffset(this.network, await this.chainTime.genesisHash());
  }

  async pass(): Promise<void> {
    await this.deleteExpired();
    for (const clock of await this.clocks.withWork(BATCH)) {
      if (this.stopping()) return;
      await this.run(clock);
    }
  }

  private async run(clock: TestClock): Promise<void> {
    const target = clock.targetTime ?? clock.frozenTime;
    const points = clockTimePoints(await this.clocks.schedules(clock.id, true), target);
    const times = [...new Set(points.map((p) => Math.max(p.at, clock.frozenTime)))];
    for (const time of times) {
      if (this.stopping()) return; // the next pass resumes from the clock's stored time
      await this.reach(clock.id, time);
      const ids = [...new Set(points.filter((p) => Math.max(p.at, clock.frozenTime) === time).map((p) => p.scheduleId))];
      for (let round = 0; round < MAX_ROUNDS_PER_POINT && (await this.runner.executeDue(ids, time)); round++);
    }
    if (clock.status === 'advancing' && !this.stopping()) {
      await this.reach(clock.id, target);
      await this.settlement(clock.id);
      await this.finish(clock, target);
    }
  }

  /** The local chain (forward only) and then the clock, at `time`. */
  private async reach(clockId: string, time: number): Promise<void> {
    const moved = await this.chainTime.moveTo(time);
    // Recorded before anything else can fail: ordinary schedules must never see the move as time passing.
    if (moved > 0) await this.clocks.addChainOffset(this.network, await this.chainTime.genesisHash(), moved);
    await this.chainTime.restampStaleFeeds();
    await this.clocks.setFrozen(clockId, time);
  }

  private async finish(clock: TestClock, target: number): Promise<void> {
    await this.db.transaction(async (m) => {
      const repo = new TestClocksRepository(m);
      const outcome = await repo.advanceOutcome(clock.id);
      if (!(await repo.finishAdvance(clock.id))) return; // deleted meanwhile
      const event = webhookEvent(
        'test_clock.ready',
        { aggregateType: 'test_clock', aggregateId: clock.id },
        {
          testClockId: clock.id,
          frozenTime: iso(target),
          previousFrozenTime: iso(clock.advancedFrom ?? clock.frozenTime),
          executedPayments: outcome.executed,
          failedPayments: outcome.failed,
          timestamp: new Date().toISOString(),
        },
        { platformId: clock.platformId },
      );
      await appendToOutbox(m, [event]);
    });
    this.logger.log(`test clock ${clock.id} advanced to ${iso(target)}`);
  }

  /**
   * Until detection has settled every executed period (its payment.confirmed written), so that
   * test_clock.ready comes after the events of the advance; bounded (a stalled detection only delays it).
   */
  private async settlement(clockId: string): Promise<void> {
    if (!this.awaitSettlement) return;
    const deadline = Date.now() + SETTLE_WAIT_MS;
    while ((await this.clocks.unsettledExecutions(clockId)) > 0) {
      if (Date.now() >= deadline || this.stopping()) {
        this.logger.warn(`test clock ${clockId}: payments not settled by detection within ${SETTLE_WAIT_MS} ms; ready anyway`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    }
  }

  /** Clocks past their lifetime are deleted, their open schedules cancelled. */
  private async deleteExpired(): Promise<void> {
    const ids = await this.clocks.expiredIds(BATCH);
    for (const id of ids) {
      await this.db.transaction((m) => new TestClocksRepository(m).delete(id));
      this.logger.log(`test clock ${id} deleted (older than 7 days)`);
    }
  }
}
