import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SecurePaymentsRepository } from '@payrail/persistence';
import { WakeableSleep } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { ChainWorkerEnv } from '../config/chain-worker.env.js';

/**
 * Records secure payments (single, multicall and their children) as `expired` once their expiry
 * has passed, with their `secure_payment.status_changed` event in the same transaction, every
 * EXPIRY_SWEEP_INTERVAL_MS. Every replica sweeps: each batch claims its rows FOR UPDATE SKIP
 * LOCKED, so replicas take disjoint rows and each payment expires (and is announced) once. The
 * page's read still shows `expired` at once between two sweeps (and records it if it gets there first).
 */
@Injectable()
export class ExpirySweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ExpirySweeper');
  private readonly idle = new WakeableSleep();
  private stopping = false;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly db: DataSource,
    @Inject(ChainWorkerEnv) private readonly env: ChainWorkerEnv,
  ) {}

  onApplicationBootstrap(): void {
    this.loop = this.run();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.idle.wake();
    await this.loop;
  }

  /** One pass: batches until fewer than a batch are due; returns how many payments expired. */
  async sweep(now = new Date()): Promise<number> {
    const batch = this.env.EXPIRY_SWEEP_BATCH_SIZE;
    let total = 0;
    for (;;) {
      const expired = await this.db.transaction((m) => new SecurePaymentsRepository(m).expireDue(now, batch));
      total += expired;
      if (expired < batch || this.stopping) return total;
    }
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      try {
        const expired = await this.sweep();
        if (expired > 0) this.logger.log({ expired }, 'secure payments expired');
      } catch (error) {
        this.logger.error({ err: error }, 'expiry sweep failed; retrying');
      }
      await this.idle.sleep(this.env.EXPIRY_SWEEP_INTERVAL_MS);
    }
  }
}
