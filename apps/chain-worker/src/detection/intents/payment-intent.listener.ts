import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PaymentIntentsRepository } from '@payrail/persistence';
import { paymentIntentChannel, parsePaymentIntentMessage, type PaymentIntentMessage, redisOptionsFromUrl } from '@payrail/platform';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { ChainWorkerEnv } from '../../config/chain-worker.env.js';
import { DetectionService } from '../detection.service.js';
import { watchReceipt } from './receipt-watch.js';

/** Receipts awaited at once per replica; past it an intent is left to detection's regular pass. */
const MAX_IN_FLIGHT = 500;

/**
 * Payment intents announced by payments-api (the hosted page reported a submitted transaction):
 * every replica hears them; the one leading that network's detection fetches the receipt at once
 * (polled until mined and confirmed), then runs a detection pass now instead of after its interval,
 * so the payment settles within about a second of the receipt by detection's own rules (an intent
 * settles nothing itself). Tron has no receipt here: its detection pass is run at once. The outcome
 * is written on the intent. A missed announcement costs only time: the regular pass settles it.
 */
@Injectable()
export class PaymentIntentListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PaymentIntents');
  private subscriber: Redis | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private stopping = false;

  constructor(
    private readonly db: DataSource,
    private readonly detection: DetectionService,
    @Inject(ChainWorkerEnv) private readonly env: ChainWorkerEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.env.DETECTION_ENABLED) return;
    this.subscriber = new Redis(redisOptionsFromUrl(this.env.REDIS_URL, { maxRetriesPerRequest: null }));
    this.subscriber.on('error', (error: Error) => this.logger.warn(`redis: ${error.message}`));
    this.subscriber.on('message', (_channel: string, raw: string) => {
      const message = parsePaymentIntentMessage(raw);
      if (message) this.take(message);
    });
    await this.subscriber.subscribe(paymentIntentChannel(this.env.QUEUE_PREFIX));
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
    await Promise.all([...this.inFlight]);
  }

  /** Handles the intent when this replica leads its network's detection (others ignore it). */
  private take(message: PaymentIntentMessage): void {
    const target = this.detection.intentTarget(message.network);
    if (!target || this.inFlight.size >= MAX_IN_FLIGHT || this.stopping) return;
    const work = this.handle(message, target)
      .catch((error: unknown) => this.logger.warn({ err: error, intentId: message.intentId }, 'payment intent not handled'))
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }

  private async handle(message: PaymentIntentMessage, target: NonNullable<ReturnType<DetectionService['intentTarget']>>): Promise<void> {
    const intents = new PaymentIntentsRepository(this.db.manager);
    const intent = await intents.byId(message.intentId);
    if (!intent || intent.network !== message.network || intent.txHash !== message.txHash) return;
    if (!target.reader) {
      target.wake();
      await intents.complete(intent.id, 'detection_woken');
      return;
    }
    const outcome = await watchReceipt(
      target.reader,
      intent.txHash,
      intent.referenceTopics,
      target.confirmations,
      undefined,
      () => this.stopping,
    );
    // Detection reads the receipt's block and settles whatever it holds of ours, by its own rules.
    if (outcome === 'matched' || outcome === 'no_matching_transfer') target.wake();
    await intents.complete(intent.id, outcome);
    this.logger.log({ intentId: intent.id, network: intent.network, txHash: intent.txHash, outcome }, 'payment intent handled');
  }
}
