import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { WakeableSleep } from '@payrail/platform';
import { sqlExecute, sqlOne } from '@payrail/persistence';
import type { DataSource, QueryRunner } from 'typeorm';

/** Advisory-lock namespace of the per-network detection leaders ("PRDT"). */
const LEADER_NAMESPACE = 0x50524454;

const keyOf = (name: string): number => createHash('sha256').update(name).digest().readInt32BE(0);

/**
 * Runs `work` only while this process holds the Postgres session advisory lock of `name`, so
 * with any number of chain-worker replicas one of them follows each network. A replica that
 * dies drops its connection and with it the lock; another takes over on its next attempt.
 */
export class LeaderLoop {
  private readonly logger: Logger;
  private running = false;
  private runner: QueryRunner | undefined;
  private loop: Promise<void> | undefined;
  private readonly idle = new WakeableSleep();
  leader = false;

  constructor(
    private readonly db: DataSource,
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly work: () => Promise<boolean>,
  ) {
    this.logger = new Logger(`Leader:${name}`);
  }

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  /** Runs the next pass now instead of after the interval (or right after the pass under way). */
  wake(): void {
    this.idle.wake();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.idle.wake();
    await this.loop;
    await this.release();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let more = false;
      try {
        if (await this.holdLeadership()) more = await this.work();
      } catch (error) {
        this.logger.error({ err: error }, 'pass failed; retrying');
        await this.release();
      }
      if (!more) await this.idle.sleep(this.intervalMs);
    }
  }

  private async holdLeadership(): Promise<boolean> {
    if (this.leader && this.runner && !this.runner.isReleased) {
      await sqlExecute(this.runner.manager, 'SELECT 1'); // the lock lives as long as this connection does
      return true;
    }
    this.runner ??= this.db.createQueryRunner();
    // The runner's manager runs on the runner's own connection, which holds the session lock.
    const row = await sqlOne<{ locked: boolean }>(this.runner.manager, 'SELECT pg_try_advisory_lock($1::int, $2::int) AS locked', [
      LEADER_NAMESPACE,
      keyOf(this.name),
    ]);
    this.leader = row?.locked === true;
    if (this.leader) this.logger.log('leading');
    return this.leader;
  }

  private async release(): Promise<void> {
    const runner = this.runner;
    this.runner = undefined;
    this.leader = false;
    if (!runner || runner.isReleased) return;
    // The connection goes back to the pool, so the session-level lock must be given up first.
    await sqlExecute(runner.manager, 'SELECT pg_advisory_unlock($1::int, $2::int)', [LEADER_NAMESPACE, keyOf(this.name)]).catch(
      () => undefined,
    );
    await runner.release().catch(() => undefined);
  }
}
