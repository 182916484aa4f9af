import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { PollingLoop } from '@payrail/platform';
import { AdvisoryLocksRepository, type AdvisoryLockKey } from '@payrail/persistence';
import type { DataSource, QueryRunner } from 'typeorm';

/** Advisory-lock namespace of the per-network detection leaders ("PRDT"). */
const LEADER_NAMESPACE = 0x50524454;

const keyOf = (name: string): AdvisoryLockKey => [LEADER_NAMESPACE, createHash('sha256').update(name).digest().readInt32BE(0)];

/**
 * Runs `work` only while this process holds the Postgres session advisory lock of `name`, so
 * with any number of chain-worker replicas one of them follows each network. A replica that
 * dies drops its connection and with it the lock; another takes over on its next attempt.
 */
export class LeaderLoop {
  private readonly logger: Logger;
  private runner: QueryRunner | undefined;
  private readonly loop: PollingLoop;
  leader = false;

  constructor(
    private readonly db: DataSource,
    private readonly name: string,
    intervalMs: number,
    work: () => Promise<boolean>,
  ) {
    this.logger = new Logger(`Leader:${name}`);
    this.loop = new PollingLoop({
      intervalMs,
      pass: async () => (await this.holdLeadership()) && (await work()),
      logger: this.logger,
      failureMessage: 'pass failed; retrying',
      // A failed pass may have lost the connection: give up the lock and try for it again.
      afterFailure: () => this.release(),
    });
  }

  start(): void {
    this.loop.start();
  }

  /** Runs the next pass now instead of after the interval (or right after the pass under way). */
  wake(): void {
    this.loop.wake();
  }

  /** True once stop() was called (or before start()): a pass ends its current step and takes no more work. */
  get stopping(): boolean {
    return !this.loop.isRunning;
  }

  /** Ends the loop once the running pass, if any, has finished; then gives up leadership. */
  async stop(): Promise<void> {
    await this.loop.stop();
    await this.release();
  }

  private async holdLeadership(): Promise<boolean> {
    if (this.leader && this.runner && !this.runner.isReleased) {
      await new AdvisoryLocksRepository(this.runner.manager).touch(); // the lock lives as long as this connection does
      return true;
    }
    this.runner ??= this.db.createQueryRunner();
    // The runner's manager runs on the runner's own connection, which holds the session lock.
    this.leader = await new AdvisoryLocksRepository(this.runner.manager).tryLock(keyOf(this.name));
    if (this.leader) this.logger.log('leading');
    return this.leader;
  }

  private async release(): Promise<void> {
    const runner = this.runner;
    this.runner = undefined;
    this.leader = false;
    if (!runner || runner.isReleased) return;
    // The connection goes back to the pool, so the session-level lock must be given up first.
    await new AdvisoryLocksRepository(runner.manager).unlock(keyOf(this.name)).catch(() => undefined);
    await runner.release().catch(() => undefined);
  }
}
