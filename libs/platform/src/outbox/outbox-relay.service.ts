import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BullmqEventPublisher } from './bullmq-event-publisher.js';
import { OutboxRelay } from './outbox-relay.js';
import { WakeableSleep } from '../util/wakeable-sleep.js';

export const OUTBOX_RELAY_OPTIONS = Symbol('OUTBOX_RELAY_OPTIONS');

export interface OutboxRelayServiceOptions {
  pollIntervalMs: number;
  batchSize: number;
}

/** Advisory-lock namespace of the outbox partitions ("PRLY"). */
const LOCK_NAMESPACE = 0x50524c59;

/** Runs the outbox relay loop for the life of the process; safe with many replicas. */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelayService.name);
  private readonly relay: OutboxRelay;
  private running = false;
  private loop: Promise<void> | undefined;
  private readonly idle = new WakeableSleep();

  constructor(
    dataSource: DataSource,
    publisher: BullmqEventPublisher,
    @Inject(OUTBOX_RELAY_OPTIONS) private readonly options: OutboxRelayServiceOptions,
  ) {
    this.relay = new OutboxRelay(dataSource, publisher, { batchSize: options.batchSize, lockNamespace: LOCK_NAMESPACE });
  }

  onApplicationBootstrap(): void {
    this.running = true;
    this.loop = this.run();
  }

  async onApplicationShutdown(): Promise<void> {
    this.running = false;
    this.idle.wake();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let published = 0;
      try {
        published = await this.relay.relayOnce();
      } catch (error) {
        // The rows stay unpublished and are retried on the next pass; nothing is lost.
        this.logger.error({ err: error }, 'outbox relay pass failed');
      }
      if (published === 0) await this.idle.sleep(this.options.pollIntervalMs);
    }
  }
}
