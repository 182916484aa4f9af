import { Inject, Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import {
  configuredRpcUrls,
  EVM_NETWORKS,
  type EvmNetwork,
  loadLocalDeploymentFile,
  type LocalChainDeployment,
  localNetworkOf,
  NETWORKS,
  payrailRecurringProxies,
  rpcProvider,
} from '@payrail/chains';
import { kytProviderFor } from '@payrail/domain';
import { DataSource } from 'typeorm';
import { formatEther, JsonRpcProvider } from 'ethers';
import { ChainWorkerEnv } from '../config/chain-worker.env.js';
import { LeaderLoop } from '../shared/leader-loop.js';
import { ExecutionRecords } from './execution-records.js';
import { RecurringMetrics } from './recurring.metrics.js';
import { RelayerChain } from '../shared/relayer-chain.js';
import { ScheduleRunner } from './schedule-runner.js';
import { LocalChainTime } from './local-chain-time.js';
import { TestClockRunner } from './test-clock-runner.js';

/**
 * Executes due recurring payments on every configured EVM network that has Payrail's own recurring proxy,
 * with the relayer key of RELAYER_PRIVATE_KEY. One leader per network across replicas
 * (`recurring:<network>` advisory lock); each schedule's row lock and execution rows, and the
 * proxy's on-chain bitmap, keep an index from being paid twice even across a leadership change.
 */
@Injectable()
export class RecurringExecutor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('RecurringExecutor');
  private readonly loops = new Map<string, LeaderLoop>();

  constructor(
    private readonly db: DataSource,
    @Inject(ChainWorkerEnv) private readonly env: ChainWorkerEnv,
    private readonly metrics: RecurringMetrics,
  ) {}

  onApplicationBootstrap(): void {
    const key = this.env.RELAYER_PRIVATE_KEY;
    if (!this.env.RECURRING_ENABLED || !key) {
      if (this.env.RECURRING_ENABLED) this.logger.warn('RELAYER_PRIVATE_KEY is not set: recurring payments are not executed');
      return;
    }
    const local = loadLocalDeploymentFile(this.env, (m) => this.logger.warn(m));
    // Only where the proxy is Payrail's: Request Network's 0.1.0 proxy cannot verify the permits.
    const own = payrailRecurringProxies(this.env, local);
    const records = new ExecutionRecords(this.db, undefined, this.metrics);
    const chains = new Map<string, RelayerChain>();
    const localNetwork = local ? localNetworkOf(NETWORKS, local).name : null;
    this.metrics.readRelayerBalances(() => readBalances(chains));
    for (const [name, urls] of Object.entries(configuredRpcUrls(this.env)) as [EvmNetwork, string[]][]) {
      if (!own[name]) continue;
      const chain = new RelayerChain(rpcProvider(urls, EVM_NETWORKS[name].chainId, { cacheTimeoutMs: -1 }), key);
      chains.set(name, chain);
      this.metrics.startNetwork(name);
      const loop = this.networkLoop(name, chain, records, local && name === localNetwork ? { deployment: local, rpcUrl: urls[0] } : null);
      this.loops.set(name, loop);
      loop.start();
    }
    this.logger.log(`executing recurring payments on ${[...this.loops.keys()].join(', ') || 'no network'}`);
  }

  /**
   * The executor loop of one network. On SIGTERM a pass claims nothing more and leaves receipts to
   * the next pass (see ScheduleRunner). On the local chain (outside production) the pass also
   * carries out test clock advances (TestClockRunner), and ordinary schedules subtract the time
   * the clocks moved the chain ahead.
   */
  private networkLoop(
    name: string,
    chain: RelayerChain,
    records: ExecutionRecords,
    local: { deployment: LocalChainDeployment; rpcUrl: string } | null,
  ): LeaderLoop {
    const stopping = () => loop.stopping;
    let clocks: TestClockRunner | null = null;
    const skew = () => clocks?.chainSkew() ?? Promise.resolve(0);
    const kyt = kytProviderFor(this.env.PAYRAIL_ENV);
    const ordinary = new ScheduleRunner(this.db, name, chain, records, stopping, skew, kyt);
    if (local && this.env.PAYRAIL_ENV !== 'production') {
      const provider = new JsonRpcProvider(local.rpcUrl, local.deployment.chainId, { staticNetwork: true, cacheTimeout: -1 });
      const time = new LocalChainTime(provider, Object.values(local.deployment.feeds));
      const runner = new ScheduleRunner(this.db, name, chain, records, stopping, undefined, kyt);
      clocks = new TestClockRunner(this.db, name, runner, time, stopping, this.env.DETECTION_ENABLED);
    }
    const loop: LeaderLoop = new LeaderLoop(this.db, `recurring:${name}`, this.env.RECURRING_POLL_INTERVAL_MS, async () => {
      const progressed = await ordinary.pass();
      await clocks?.pass();
      return progressed;
    });
    return loop;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([...this.loops.values()].map((loop) => loop.stop()));
  }

  /** Networks this replica executes on now (leader of). */
  leading(): string[] {
    return [...this.loops].filter(([, loop]) => loop.leader).map(([name]) => name);
  }
}

/** Each network's relayer balance in native coin, read at scrape time (a network whose RPC fails is left out). */
async function readBalances(chains: Map<string, RelayerChain>): Promise<{ labels: { network: string }; value: number }[]> {
  const read = await Promise.allSettled([...chains].map(async ([network, chain]) => ({ network, wei: await chain.balance() })));
  return read.flatMap((r) =>
    r.status === 'fulfilled' ? [{ labels: { network: r.value.network }, value: Number(formatEther(r.value.wei)) }] : [],
  );
}
