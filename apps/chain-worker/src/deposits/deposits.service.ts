import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import {
  configuredRpcUrls,
  depositFactories,
  EVM_NETWORKS,
  loadLocalDeploymentFile,
  NETWORKS,
  rpcProvider,
  withLocalDeployment,
  type EvmNetwork,
} from '@payrail/chains';
import { DataSource } from 'typeorm';
import { ChainWorkerEnv } from '../config/chain-worker.env.js';
import { RelayerChain } from '../shared/relayer-chain.js';
import { LeaderLoop } from '../shared/leader-loop.js';
import { DepositRecords } from './deposit-records.js';
import { DepositSweeper } from './deposit-sweeper.js';
import { DepositMetrics } from './deposits.metrics.js';
import { ForwarderRefunder } from './forwarder-refunder.js';

/**
 * Pay by transfer: watches the deposit addresses of pending requests on every configured EVM network
 * that has a DepositForwarderFactory, and sweeps them with the relayer key (RELAYER_PRIVATE_KEY).
 * One leader per network across replicas (`deposits:<network>` advisory lock); the claim of each row
 * (watching -> sweeping, conditional UPDATE) and the forwarder's own one-payment rule keep a deposit
 * from being paid twice even across a leadership change. The same leader then sends the refunds
 * payees signed of what forwarders hold (ForwarderRefunder).
 */
@Injectable()
export class DepositsService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Deposits');
  private readonly loops = new Map<string, LeaderLoop>();

  constructor(
    private readonly db: DataSource,
    @Inject(ChainWorkerEnv) private readonly env: ChainWorkerEnv,
    private readonly metrics: DepositMetrics,
  ) {}

  onApplicationBootstrap(): void {
    const key = this.env.RELAYER_PRIVATE_KEY;
    if (!this.env.DEPOSITS_ENABLED || !key) {
      if (this.env.DEPOSITS_ENABLED) this.logger.warn('RELAYER_PRIVATE_KEY is not set: deposit addresses are not swept');
      return;
    }
    const local = loadLocalDeploymentFile(this.env, (m) => this.logger.warn(m));
    const networks = local ? withLocalDeployment(NETWORKS, local) : NETWORKS;
    const factories = depositFactories(this.env, local);
    for (const [name, urls] of Object.entries(configuredRpcUrls(this.env)) as [EvmNetwork, string[]][]) {
      const factory = factories[name];
      const { ERC20FeeProxy, EthereumFeeProxy } = networks[name].contracts;
      if (!factory || (!ERC20FeeProxy && !EthereumFeeProxy)) continue;
      const provider = rpcProvider(urls, EVM_NETWORKS[name].chainId, { cacheTimeoutMs: -1 });
      const records = new DepositRecords(this.db, name, factory, {
        erc20: ERC20FeeProxy?.toLowerCase(),
        native: EthereumFeeProxy?.toLowerCase(),
      });
      const chain = new RelayerChain(provider, key);
      const sweeper = new DepositSweeper(
        provider,
        chain,
        records,
        {
          network: name,
          factory,
          confirmations: this.env.confirmationsFor(name),
          limits: { max: this.env.DEPOSIT_WATCH_MAX, perPlatform: this.env.DEPOSIT_WATCH_PER_PLATFORM, days: this.env.DEPOSIT_WATCH_DAYS },
          maxLogRange: this.env.DETECTION_MAX_RANGE,
          batch: this.env.DEPOSIT_SWEEP_BATCH,
        },
        this.metrics,
      );
      this.metrics.startNetwork(name);
      const refunder = new ForwarderRefunder(this.db, provider, chain, records, {
        network: name,
        factory,
        confirmations: this.env.confirmationsFor(name),
      });
      // Sweeps, then the payee-signed refunds of what forwarders hold: one after the other, so the relayer's nonces follow.
      const pass = async () => {
        const swept = await sweeper.pass();
        return (await refunder.pass()) || swept;
      };
      const loop = new LeaderLoop(this.db, `deposits:${name}`, this.env.DEPOSIT_POLL_INTERVAL_MS, pass);
      this.loops.set(name, loop);
      loop.start();
    }
    this.logger.log(`sweeping deposit addresses on ${[...this.loops.keys()].join(', ') || 'no network'}`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([...this.loops.values()].map((loop) => loop.stop()));
  }
}
