import { Inject, Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { rpcProvider } from '@payrail/chains';
import { PaymentIntentsRepository, type PaymentIntentOutcome } from '@payrail/persistence';
import { paymentIntentChannel, parsePaymentIntentMessage, type PaymentIntentMessage } from '@payrail/domain';
import { RateLimiter, REDIS, redisOptionsFromUrl } from '@payrail/platform';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { ChainWorkerEnv } from '../../config/chain-worker.env.js';
import { BlockReader } from '../block-reader.js';
import { DetectionService, type IntentRpc } from '../detection.service.js';
import { IntentWatch, type WatchedIntent } from './intent-watch.js';

/** Intents watched at once per network and replica; past it an intent is left to detection's regular pass. */
const MAX_WATCHED = 500;

/**
 * Payment intents announced by payments-api (the hosted page reported a submitted transaction):
 * every replica hears them; the one leading that network's detection watches the transaction at
 * block cadence (IntentWatch: checked once on arrival, receipts read once per new block in one
 * batch, unknown hashes dropped after a short grace), within the network's intent RPC budget
 * (INTENT_RPC_PER_SECOND, shared by replicas through Redis, apart from detection, which reads
 * through its own provider and never waits on it). On a receipt it runs a detection pass now
 * instead of after its interval, so the payment settles by detection's own rules (an intent
 * settles nothing itself). Tron has no receipt here: its detection pass is run at once. The
 * outcome is written on the intent. A missed announcement costs only time: the regular pass settles it.
 */
@Injectable()
export class PaymentIntentListener implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('PaymentIntents');
  private subscriber: Redis | undefined;
  private readonly budget: RateLimiter;
  private readonly watches = new Map<string, { watch: IntentWatch; timer: NodeJS.Timeout; polling?: Promise<void> }>();
  private readonly pending = new Set<Promise<void>>();
  private stopping = false;

  constructor(
    private readonly db: DataSource,
    private readonly detection: DetectionService,
    @Inject(ChainWorkerEnv) private readonly env: ChainWorkerEnv,
    @Inject(REDIS) redis: Redis,
  ) {
    // Never blocked beyond its window: the budget paces calls, it punishes no one.
    this.budget = new RateLimiter(redis, `${env.QUEUE_PREFIX}:intent-rpc`, {
      afterRejections: 1_000_000_000,
      windowSeconds: 1,
      blockSeconds: 1,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.env.DETECTION_ENABLED) return;
    this.subscriber = new Redis(redisOptionsFromUrl(this.env.REDIS_URL, { maxRetriesPerRequest: null }));
    this.subscriber.on('error', (error: Error) => this.logger.warn(`redis: ${error.message}`));
    this.subscriber.on('message', (_channel: string, raw: string) => {
      const message = parsePaymentIntentMessage(raw);
      if (message) this.track(this.take(message));
    });
    await this.subscriber.subscribe(paymentIntentChannel(this.env.QUEUE_PREFIX));
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
    for (const { timer } of this.watches.values()) clearInterval(timer);
    await Promise.all([...this.watches.values()].flatMap((w) => (w.polling ? [w.polling] : [])));
    await Promise.all([...this.pending]);
  }

  private track(work: Promise<void>): void {
    const tracked = work
      .catch((error: unknown) => this.logger.warn({ err: error }, 'payment intent not handled'))
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  /** Handles the intent when this replica leads its network's detection (others ignore it). */
  private async take(message: PaymentIntentMessage): Promise<void> {
    const target = this.detection.intentTarget(message.network);
    if (!target || this.stopping) return;
    const intents = new PaymentIntentsRepository(this.db.manager);
    const intent = await intents.byId(message.intentId);
    if (!intent || intent.outcome !== null || intent.network !== message.network || intent.txHash !== message.txHash) return;
    if (!target.rpc) {
      target.wake();
      await intents.complete(intent.id, 'detection_woken');
      return;
    }
    this.watchOf(intent.network, target.rpc, target.confirmations).add(intent);
  }

  private watchOf(network: string, rpc: IntentRpc, confirmations: number): IntentWatch {
    const existing = this.watches.get(network);
    if (existing) return existing.watch;
    // A provider of its own: intent batches never queue beside detection's calls.
    const provider = rpcProvider(rpc.urls, rpc.chainId, { cacheTimeoutMs: -1, batchMaxCount: MAX_WATCHED + 1 });
    const perSecond = this.env.INTENT_RPC_PER_SECOND;
    const watch = new IntentWatch(
      new BlockReader(provider, rpc.contracts),
      async (calls) => {
        if (calls === 0) return 0;
        const scope = `net:${network}`;
        const decisions = await Promise.all(
          Array.from({ length: calls }, () => this.budget.consume(scope, { perSecond, perMinute: perSecond * 60 })),
        );
        return decisions.filter((d) => d.allowed).length;
      },
      {
        confirmations,
        unknownChecks: this.env.INTENT_UNKNOWN_CHECKS,
        watchBlocks: this.env.INTENT_WATCH_BLOCKS,
        maxWatched: MAX_WATCHED,
      },
      (intent, outcome) => this.resolved(network, intent, outcome),
    );
    const entry: { watch: IntentWatch; timer: NodeJS.Timeout; polling?: Promise<void> } = {
      watch,
      timer: setInterval(() => {
        if (entry.polling || this.stopping || watch.size === 0) return;
        if (!this.detection.intentTarget(network)) return watch.clear(); // no longer leading: the new leader's regular pass settles
        entry.polling = watch
          .poll()
          .catch((error: unknown) => this.logger.warn({ err: error, network }, 'payment intents not polled'))
          .finally(() => (entry.polling = undefined));
      }, this.env.INTENT_POLL_INTERVAL_MS),
    };
    this.watches.set(network, entry);
    return watch;
  }

  private async resolved(network: string, intent: WatchedIntent, outcome: PaymentIntentOutcome): Promise<void> {
    // Detection reads the receipt's block and settles whatever it holds of ours, by its own rules.
    if (outcome === 'matched' || outcome === 'no_matching_transfer') this.detection.intentTarget(network)?.wake();
    await new PaymentIntentsRepository(this.db.manager).complete(intent.id, outcome);
    this.logger.log({ intentId: intent.id, network, txHash: intent.txHash, outcome }, 'payment intent handled');
  }
}
