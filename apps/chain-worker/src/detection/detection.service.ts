import { Inject, Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import {
  configuredRpcUrls,
  EVM_NETWORKS,
  httpFetchJson,
  loadLocalDeploymentFile,
  NETWORKS,
  rpcProvider,
  TronGridEventSource,
  withLocalDeployment,
  type EvmNetwork,
} from '@payrail/chains';
import { DataSource } from 'typeorm';
import { ChainWorkerEnv } from '../config/chain-worker.env.js';
import { BlockReader } from './block-reader.js';
import { LeaderLoop } from '../shared/leader-loop.js';
import { HeadSubscription, type HeadSubscriptionStatus } from './head-subscription.js';
import { NetworkFollower, type FollowStatus } from './network-follower.js';
import { TronFollower } from './tron-follower.js';
import { SettlementMetrics } from '../shared/settlement.metrics.js';
import { SETTLEMENT, type Settlement } from '../shared/settlement.port.js';
import { DetectionMetrics } from './detection.metrics.js';

/** A network's RPC endpoints, chain id and fee proxies, for the intents' own reader. */
export interface IntentRpc {
  urls: string[];
  chainId: number;
  contracts: string[];
}

/** Follows every configured EVM network that has fee proxies, one leader per network across replicas. */
@Injectable()
export class DetectionService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Detection');
  private readonly loops = new Map<
    string,
    { loop: LeaderLoop; follower: NetworkFollower | TronFollower; rpc?: IntentRpc; heads?: HeadSubscription }
  >();

  constructor(
    private readonly db: DataSource,
    @Inject(ChainWorkerEnv) private readonly env: ChainWorkerEnv,
    @Inject(SETTLEMENT) private readonly settlement: Settlement,
    private readonly metrics: DetectionMetrics,
    private readonly settlementMetrics: SettlementMetrics,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.env.DETECTION_ENABLED) return;
    const local = loadLocalDeploymentFile(this.env, (m) => this.logger.warn(m));
    const networks = local ? withLocalDeployment(NETWORKS, local) : NETWORKS;
    for (const [name, urls] of Object.entries(configuredRpcUrls(this.env)) as [EvmNetwork, string[]][]) {
      const info = networks[name];
      const contracts = [info.contracts.ERC20FeeProxy, info.contracts.EthereumFeeProxy, info.contracts.Erc20ConversionProxy].filter(
        (a): a is string => !!a,
      );
      if (contracts.length === 0) continue;
      // No response cache: a reorg check must see the block as it is now. A pass's calls follow one
      // another: none waits for a batch to fill.
      const provider = rpcProvider(urls, EVM_NETWORKS[name].chainId, { cacheTimeoutMs: -1, batchStallTimeMs: 0 });
      const reader = new BlockReader(provider, contracts);
      const follower = new NetworkFollower(
        this.db,
        reader,
        {
          network: name,
          confirmations: this.env.confirmationsFor(name),
          maxRange: this.env.DETECTION_MAX_RANGE,
          backfill: this.env.DETECTION_BACKFILL_BLOCKS,
          keepBlocks: 256,
        },
        (network, through) => this.settlement.settle(network, through),
        this.metrics,
      );
      // New heads over a WebSocket, where configured, wake the leader at once; polling goes on beside them.
      const ws = this.env.wsUrlFor(name);
      const heads = ws ? new HeadSubscription(ws, EVM_NETWORKS[name].chainId, () => loop.leader && loop.wake(), name) : undefined;
      const loop = new LeaderLoop(this.db, `detection:${name}`, this.env.DETECTION_POLL_INTERVAL_MS, async () => {
        const more = await follower.pass();
        heads?.observePolledHead(follower.status.head);
        return more;
      });
      this.loops.set(name, { loop, follower, rpc: { urls, chainId: EVM_NETWORKS[name].chainId, contracts }, heads });
      this.settlementMetrics.startNetwork(name);
      loop.start();
      heads?.start();
    }
    this.followTron(networks.tron.contracts.ERC20FeeProxy);
    this.logger.log(`following ${[...this.loops.keys()].join(', ') || 'no network'}`);
  }

  /** Tron through TRON_API_URL (TronGrid-compatible), when configured. */
  private followTron(proxy: string | undefined): void {
    if (!this.env.TRON_API_URL || !proxy) return;
    const source = new TronGridEventSource(this.env.TRON_API_URL, httpFetchJson(undefined, this.env.TRON_API_KEY));
    const follower = new TronFollower(this.db, source, proxy, (network, through) => this.settlement.settle(network, through));
    const loop = new LeaderLoop(this.db, 'detection:tron', Math.max(this.env.DETECTION_POLL_INTERVAL_MS, 3000), () => follower.pass());
    this.loops.set('tron', { loop, follower });
    loop.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([...this.loops.values()].flatMap(({ heads }) => (heads ? [heads.stop()] : [])));
    await Promise.all([...this.loops.values()].map(({ loop }) => loop.stop()));
  }

  /**
   * What a payment intent on `network` needs, when this replica leads that network's detection
   * (undefined otherwise: the leader's replica handles it): the network's RPC endpoints and fee
   * proxies (EVM only: intents read through a provider of their own, never detection's), its
   * confirmations, and a way to run the next detection pass now.
   */
  intentTarget(network: string): { rpc?: IntentRpc; confirmations: number; wake(): void } | undefined {
    const entry = this.loops.get(network);
    if (!entry?.loop.leader) return undefined;
    return { rpc: entry.rpc, confirmations: this.env.confirmationsFor(network), wake: () => entry.loop.wake() };
  }

  /**
   * Per network: whether this replica leads it, head, cursor, lag in blocks, detections and reorgs
   * seen, and the head subscription's state where one is configured.
   */
  status(): Record<string, FollowStatus & { leader: boolean; heads?: HeadSubscriptionStatus }> {
    return Object.fromEntries(
      [...this.loops].map(([name, { loop, follower, heads }]) => [
        name,
        { leader: loop.leader, ...follower.status, ...(heads ? { heads: { ...heads.status } } : {}) },
      ]),
    );
  }
}
