import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { AdvisoryLocksRepository, dataSourceOptions } from '@payrail/persistence';
import { DataSource, type QueryRunner } from 'typeorm';
import { PaymentsApiEnv } from '../config/payments-api.env.js';

/** How long a refused export is told to wait (Retry-After). */
export const EXPORT_RETRY_AFTER_SECONDS = 10;

/** One export's connection and slots; release() is idempotent. */
export interface ExportLease {
  runner: QueryRunner;
  release(this: void): Promise<void>;
}

const busy = (message: string) =>
  new PayrailError('RATE_LIMITED', `${message}; retry in ${EXPORT_RETRY_AFTER_SECONDS} s`, {
    retryAfterSeconds: EXPORT_RETRY_AFTER_SECONDS,
  });

/**
 * The exports' own Postgres pool (issue #29 item 7; the requests CSV and the payments export share it), so a long export never holds one of the
 * request pool's connections: EXPORT_MAX_PER_REPLICA connections, each opened with
 * statement_timeout and idle_in_transaction_session_timeout (a stalled reader's snapshot is ended
 * by Postgres), named `payrail-export` in pg_stat_activity. Admission:
 * - per replica: at most EXPORT_MAX_PER_REPLICA exports at once (counted here);
 * - per platform across replicas: one of EXPORT_MAX_PER_PLATFORM session advisory
 *   locks taken on the export's own connection, so a crashed replica's exports free their places
 *   when Postgres drops its connections (no lease to expire).
 * Beyond either, a 429 with Retry-After, before any byte of the file.
 */
@Injectable()
export class ExportDatabase implements OnModuleDestroy {
  private readonly db: DataSource;
  private running = 0;

  constructor(@Inject(PaymentsApiEnv) private readonly env: PaymentsApiEnv) {
    const options = dataSourceOptions(env.DATABASE_URL, env.EXPORT_MAX_PER_REPLICA);
    const extra: Record<string, unknown> = {
      max: env.EXPORT_MAX_PER_REPLICA,
      application_name: 'payrail-export',
      options: `-c statement_timeout=${env.EXPORT_STATEMENT_TIMEOUT_MS} -c idle_in_transaction_session_timeout=${env.EXPORT_IDLE_TX_TIMEOUT_MS}`,
    };
    this.db = new DataSource({ ...options, extra });
  }

  /** A connection of the export pool with the platform's export slot, or a 429. */
  async acquire(platformId: string): Promise<ExportLease> {
    if (this.running >= this.env.EXPORT_MAX_PER_REPLICA) throw busy('Too many exports running on this server');
    this.running++;
    let runner: QueryRunner | undefined;
    try {
      if (!this.db.isInitialized) await this.db.initialize();
      runner = this.db.createQueryRunner();
      await runner.connect();
      const slot = await this.takePlatformSlot(runner, platformId);
      if (slot === null) throw busy(`At most ${this.env.EXPORT_MAX_PER_PLATFORM} exports of a platform may run at once`);
      return { runner, release: this.releaser(runner, platformId, slot) };
    } catch (error) {
      await runner?.release();
      this.running--;
      throw error;
    }
  }

  /** Tries the platform's slots in turn: the first free one is held by this connection's session. */
  private async takePlatformSlot(runner: QueryRunner, platformId: string): Promise<number | null> {
    const locks = new AdvisoryLocksRepository(runner.manager);
    for (let slot = 0; slot < this.env.EXPORT_MAX_PER_PLATFORM; slot++) if (await locks.tryExportSlot(platformId, slot)) return slot;
    return null;
  }

  private releaser(runner: QueryRunner, platformId: string, slot: number): (this: void) => Promise<void> {
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      try {
        // Released while the export still reads (its client went away): end its snapshot first.
        if (runner.isTransactionActive) await runner.rollbackTransaction();
        await new AdvisoryLocksRepository(runner.manager).releaseExportSlot(platformId, slot);
      } catch {
        // The session is gone (ended by a timeout, or the connection broke): its locks went with it,
        // and the pool drops a client that is no longer queryable when it is released.
      } finally {
        await runner.release().catch(() => undefined);
        this.running--;
      }
    };
  }

  async onModuleDestroy(): Promise<void> {
    if (this.db.isInitialized) await this.db.destroy();
  }
}
