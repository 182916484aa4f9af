import { Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { PollingLoop } from '@payrail/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { underSessionLock } from './session-lock.js';

/** One pass of a pruning job: skipped (another replica holds the lock), or what it deleted per kind. */
export type PruningPassOf<K extends string> = { ran: false } | { ran: true; deleted: Record<K, number>; batches: number };

export interface PruningJobSettings<K extends string> {
  /** Names the advisory lock (one replica at a time). */
  lockName: string;
  /** Names the job in its failure log line (`<label> pass failed; retrying later`). */
  label: string;
  /** Deleted in this order, each until a batch comes back short. */
  kinds: readonly K[];
  intervalMs: number;
  batchSize: number;
  /** One batch of `kind` on the locked connection: the number of rows deleted. */
  deleteBatch: (m: EntityManager, kind: K, batchSize: number) => Promise<number>;
  /** The log message of a pass that deleted rows. */
  deletedMessage: string;
  /** Share of a pass's time spent deleting (PRUNING_DUTY_PERCENT): it pauses between batches for the rest. */
  dutyPercent: number;
}

/**
 * How long to pause after a batch that took `batchMs`, so that deleting takes at most
 * `dutyPercent` of the pass's time (100: batches back to back). A backlog (a year of rows past
 * the retention) is then pruned beside live traffic at a bounded share of the database, instead
 * of taking it over; at 10% and 5-60 ms per batch of 1,000 that is still 1,600-20,000 rows a
 * second, far more than a day's events and deliveries need.
 */
export function pauseAfterBatch(batchMs: number, dutyPercent: number): number {
  if (dutyPercent >= 100) return 0;
  return Math.round((batchMs * (100 - dutyPercent)) / Math.max(1, dutyPercent));
}

/**
 * A job of the webhook worker that deletes old rows: every replica tries a pass every
 * `intervalMs` on the platform's PollingLoop; the one holding the session advisory lock of
 * `lockName` runs it, in batches of `batchSize` rows, each statement its own short transaction,
 * kind after kind until nothing old is left (or the worker shuts down: the next start goes on),
 * pausing between batches so that it deletes at most `dutyPercent` of the time (pauseAfterBatch).
 */
export abstract class BatchedPruningJob<K extends string> implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private stopping = false;
  private cutPause: (() => void) | undefined;
  private readonly loop: PollingLoop;

  protected constructor(
    private readonly db: DataSource,
    private readonly settings: PruningJobSettings<K>,
  ) {
    this.logger = new Logger(new.target.name);
    this.loop = new PollingLoop({
      intervalMs: settings.intervalMs,
      pass: async () => (await this.runPass(), false),
      logger: this.logger,
      failureMessage: `${settings.label} pass failed; retrying later`,
    });
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.cutPause?.();
    await this.loop.stop();
  }

  /** Waits `ms`, or less when the worker shuts down meanwhile. */
  private pause(ms: number): Promise<void> {
    if (ms <= 0 || this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.cutPause = () => (clearTimeout(timer), resolve());
    });
  }

  /** One pass if no other replica is running one; `ran: false` otherwise. */
  async runPass(): Promise<PruningPassOf<K>> {
    return (await underSessionLock(this.db, this.settings.lockName, (m) => this.deleteAll(m))) ?? { ran: false };
  }

  private async deleteAll(m: EntityManager): Promise<PruningPassOf<K>> {
    const { kinds, batchSize, deleteBatch } = this.settings;
    const deleted = Object.fromEntries(kinds.map((k) => [k, 0])) as Record<K, number>;
    let batches = 0;
    for (const kind of kinds) {
      while (!this.stopping) {
        const started = performance.now();
        const n = await deleteBatch(m, kind, batchSize);
        batches += 1;
        deleted[kind] += n;
        if (n < batchSize) break;
        await this.pause(pauseAfterBatch(performance.now() - started, this.settings.dutyPercent));
      }
    }
    if (kinds.some((k) => deleted[k] > 0)) this.logger.log({ deleted, batches }, this.settings.deletedMessage);
    return { ran: true, deleted, batches };
  }
}
