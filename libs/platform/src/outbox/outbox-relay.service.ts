import { Inject, Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { OUTBOX_CHANNEL } from '@payrail/persistence';
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

/** Runs the outbox relay loop for the life of the process; safe with many replicas. */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OutboxRelayService.name);
  private readonly loop: PollingLoop;
  private running = false;
  private listener: pg.Client | undefined;

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
          const published = await relay.relayOnce();
          outboxEventsRelayed.inc(published);
          return published > 0;
        } finally {
          timer();
        }
      },
      logger: this.logger,
      failureMessage: 'outbox relay pass failed',
    });
    readOutboxBacklog(dataSource);
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
   * LISTEN on the outbox channel: a committed append wakes the loop at once, so polling is only
   * the fallback (for a lost connection or notification). A broken listener is re-opened.
   */
  private async listen(): Promise<void> {
    if (!this.running) return;
    const client = new pg.Client({ connectionString: this.env.DATABASE_URL, application_name: 'payrail-outbox-listener' });
    client.on('notification', () => this.loop.wake());
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
    } catch (error) {
      this.logger.warn(`outbox listener not available, polling only: ${(error as Error).message}`);
      await client.end().catch(() => undefined);
    }
  }
}
