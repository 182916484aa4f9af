import { Inject, Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { OUTBOX_CHANNEL, OUTBOX_PARTITIONS } from '@payrail/persistence';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { BaseEnv } from '../config/env.js';
import { type EventPublisher, OutboxRelay } from './outbox-relay.js';
import { PollingLoop } from '../util/polling-loop.js';
import { outboxEventsRelayed, outboxRelayPassDuration, readOutboxBacklog } from '../metrics/outbox.js';

export const OUTBOX_RELAY_OPTIONS = Symbol('OUTBOX_RELAY_OPTIONS');
/** The relay's EventPublisher (see OutboxRelayModule.forRoot). */
export const OUTBOX_EVENT_PUBLISHER = Symbol('OUTBOX_EVENT_PUBLISHER');

export interface OutboxRelayServiceOptions {
  pollIntervalMs: number;
  batchSize: number;
  /** Partitions relayed at once (default 1). */
  concurrency?: number;
}

/** Advisory-lock namespace of the outbox partitions ("PRLY"). */
const LOCK_NAMESPACE = 0x50524c59;

/** The safety sweep (every partition searched for unpublished rows) runs at least this often, in polls. */
const SWEEP_EVERY_POLLS = 10;

/**
 * The partitions a notification names: the writer's payload lists the partitions its transaction
 * appended to ('3,7'); an empty or unreadable payload (a release before #33) names none: null.
 */
export function notifiedPartitions(payload: string | undefined): number[] | null {
  if (!payload) return null;
  const partitions = payload.split(',').map(Number);
  return partitions.every((p) => Number.isInteger(p) && p >= 0 && p < OUTBOX_PARTITIONS) ? partitions : null;
}

/** Runs the outbox relay loop for the life of the process; safe with many replicas. */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OutboxRelayService.name);
  private readonly loop: PollingLoop;
  private running = false;
  private listener: pg.Client | undefined;
  /** Partitions named by notifications (or left with a full batch) since the last pass. */
  private readonly notified = new Set<number>();
  /** A sweep is owed: at start, after a failed pass, a reconnect or a notification naming no partition. */
  private sweepOwed = true;
  private lastSweepAt = 0;

  constructor(
    dataSource: DataSource,
    @Inject(OUTBOX_EVENT_PUBLISHER) publisher: EventPublisher,
    @Inject(OUTBOX_RELAY_OPTIONS) options: OutboxRelayServiceOptions,
    @Inject(BaseEnv) private readonly env: BaseEnv,
  ) {
    const relay = new OutboxRelay(dataSource, publisher, {
      batchSize: options.batchSize,
      lockNamespace: LOCK_NAMESPACE,
      concurrency: options.concurrency,
    });
    // A failed pass leaves its rows unpublished; the next pass retries them, so nothing is lost.
    this.loop = new PollingLoop({
      intervalMs: options.pollIntervalMs,
      pass: async () => {
        const timer = outboxRelayPassDuration.startTimer();
        try {
          const published = await this.pass(relay, options.pollIntervalMs * SWEEP_EVERY_POLLS);
          outboxEventsRelayed.inc(published.count);
          return published.more;
        } catch (error) {
          this.sweepOwed = true;
          throw error;
        } finally {
          timer();
        }
      },
      logger: this.logger,
      failureMessage: 'outbox relay pass failed',
    });
    readOutboxBacklog(dataSource);
  }

  /**
   * One pass. Notified: the partitions the notifications named since the last pass, a batch each
   * (no search for busy partitions, so a burst costs no scan of the unpublished-rows index per
   * pass); a partition that filled its batch is worked again at once. The safety sweep searches
   * every partition: when owed (start, failure, reconnect, a notification naming none), without
   * a listener, and at least every SWEEP_EVERY_POLLS polls, which catches a lost notification.
   */
  private async pass(relay: OutboxRelay, sweepEveryMs: number): Promise<{ count: number; more: boolean }> {
    const sweep = this.sweepOwed || !this.listener || Date.now() - this.lastSweepAt >= sweepEveryMs;
    if (!sweep && this.notified.size === 0) return { count: 0, more: false };
    // Taken before the search: a notification that arrives from here on is for the next pass.
    const named = [...this.notified];
    this.notified.clear();
    if (sweep) {
      this.sweepOwed = false;
      this.lastSweepAt = Date.now();
    }
    const partitions = sweep ? await relay.busyPartitions() : named;
    const { published, full } = await relay.relayPartitions(partitions);
    for (const partition of full) this.notified.add(partition);
    return { count: published, more: full.length > 0 };
  }

  async onApplicationBootstrap(): Promise<void> {
    this.running = true;
    await this.listen();
    this.loop.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    await this.loop.stop();
    await this.listener?.end().catch(() => undefined);
  }

  /**
   * LISTEN on the outbox channel: a committed append wakes the loop at once and names its
   * partitions, so polling is only the fallback (for a lost connection or notification). A
   * broken listener is re-opened.
   */
  private async listen(): Promise<void> {
    if (!this.running) return;
    const client = new pg.Client({ connectionString: this.env.DATABASE_URL, application_name: 'payrail-outbox-listener' });
    client.on('notification', (message) => {
      const partitions = notifiedPartitions(message.payload);
      if (partitions) for (const partition of partitions) this.notified.add(partition);
      else this.sweepOwed = true;
      this.loop.wake();
    });
    client.on('error', (error: Error) => {
      this.logger.warn(`outbox listener lost: ${error.message}`);
      this.listener = undefined;
      setTimeout(() => void this.listen().catch(() => undefined), 1000).unref();
    });
    try {
      await client.connect();
      // A dedicated pg connection that must stay open to receive notifications (not a pooled TypeORM one); no rows are read.
      // eslint-disable-next-line no-restricted-syntax -- LISTEN on a held pg.Client cannot go through the pooled typed helpers
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
      this.listener = client;
      // Notifications sent while no listener was connected are lost: search every partition once.
      this.sweepOwed = true;
    } catch (error) {
      this.logger.warn(`outbox listener not available, polling only: ${(error as Error).message}`);
      await client.end().catch(() => undefined);
    }
  }
}
