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
}

/**
 * A job of the webhook worker that deletes old rows: every replica tries a pass every
 * `intervalMs` on the platform's PollingLoop; the one holding the session advisory lock of
 * `lockName` runs it, in batches of `batchSize` rows, each statement its own short transaction,
 * kind after kind until nothing old is left (or the worker shuts down: the next start goes on).
 */
export abstract class BatchedPruningJob<K extends string> implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private stopping = false;
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
    await this.loop.stop();
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
        const n = await deleteBatch(m, kind, batchSize);
        batches += 1;
        deleted[kind] += n;
        if (n < batchSize) break;
      }
    }
    if (kinds.some((k) => deleted[k] > 0)) this.logger.log({ deleted, batches }, this.settings.deletedMessage);
    return { ran: true, deleted, batches };
  }
}
