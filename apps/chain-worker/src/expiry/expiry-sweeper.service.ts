import { Inject, Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { appendToOutbox, SecurePaymentsRepository } from '@payrail/persistence';
import { PollingLoop } from '@payrail/platform';
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
export class ExpirySweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ExpirySweeper');
  private readonly loop: PollingLoop;
  private stopping = false;

  constructor(
    private readonly db: DataSource,
    @Inject(ChainWorkerEnv) private readonly env: ChainWorkerEnv,
  ) {
    this.loop = new PollingLoop({
      intervalMs: env.EXPIRY_SWEEP_INTERVAL_MS,
      pass: async () => {
        const expired = await this.sweep();
        if (expired > 0) this.logger.log({ expired }, 'secure payments expired');
        return false; // a sweep already runs batches until fewer than a batch are due
      },
      logger: this.logger,
      failureMessage: 'expiry sweep failed; retrying',
    });
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.loop.stop();
  }

  /** One pass: batches until fewer than a batch are due; returns how many payments expired. */
  async sweep(now = new Date()): Promise<number> {
    const batch = this.env.EXPIRY_SWEEP_BATCH_SIZE;
    let total = 0;
    for (;;) {
      const expired = await this.db.transaction(async (m) => {
        const events = await new SecurePaymentsRepository(m).expireDue(now, batch);
        await appendToOutbox(m, events);
        return events.length;
      });
      total += expired;
      if (expired < batch || this.stopping) return total;
    }
  }
}
