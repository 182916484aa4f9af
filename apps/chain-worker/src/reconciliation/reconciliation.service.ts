import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { CLOCK, type Clock } from '@payrail/platform';
import { ReconciliationRepository } from '@payrail/persistence';
import { closeReconciliationChains, reconciliationChains, Reconciler, type ReconciliationChain } from '@payrail/reconciliation';
import { DataSource } from 'typeorm';
import { ChainWorkerEnv } from '../config/chain-worker.env.js';
import { LeaderLoop } from '../shared/leader-loop.js';
import { nightlyWindow } from './nightly.js';
import { ReconciliationMetrics } from './reconciliation.metrics.js';

/**
 * Reconciliation's worker (issue #36): one leader across replicas (a Postgres advisory lock, as
 * detection's per-network leaders) that, each pass, records the nightly run of every network for
 * the previous UTC day once RECONCILIATION_NIGHTLY_AT has passed (stored once per network and day
 * however many replicas try: a unique index), then runs the oldest open run to its end. A run a
 * stopped leader left `running` resumes from its progress on the next leader's pass.
 */
@Injectable()
export class ReconciliationService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Reconciliation');
  private loop: LeaderLoop | undefined;
  private chains = new Map<string, ReconciliationChain>();

  constructor(
    private readonly db: DataSource,
    @Inject(ChainWorkerEnv) private readonly env: ChainWorkerEnv,
    @Inject(CLOCK) private readonly clock: Clock,
    metrics: ReconciliationMetrics,
  ) {
    metrics.readFrom(() => new ReconciliationRepository(this.db.manager).latestOperatorCounts());
  }

  onApplicationBootstrap(): void {
    if (!this.env.RECONCILIATION_ENABLED) return;
    this.chains = reconciliationChains(
      this.env,
      (n) => this.env.confirmationsFor(n),
      (m) => this.logger.warn(m),
    );
    if (this.chains.size === 0) return;
    const reconciler = new Reconciler(this.db, (n) => this.chains.get(n), {
      chunkBlocks: this.env.DETECTION_MAX_RANGE,
      concurrency: this.env.RECONCILIATION_RPC_CONCURRENCY,
    });
    const networks = [...this.chains.keys()];
    this.loop = new LeaderLoop(this.db, 'reconciliation', this.env.RECONCILIATION_POLL_INTERVAL_MS, async () => {
      const window = nightlyWindow(this.clock.now(), this.env.RECONCILIATION_NIGHTLY_AT);
      if (window) for (const network of networks) await reconciler.create({ platformId: null, network, trigger: 'schedule', ...window });
      const done = await reconciler.runNext(networks);
      if (done) this.logger.log({ ...done }, `reconciliation run ${done.runId} on ${done.network}: ${done.status}`);
      return done !== undefined; // another open run may wait: look again at once
    });
    this.loop.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.loop?.stop();
    closeReconciliationChains(this.chains);
  }
}
