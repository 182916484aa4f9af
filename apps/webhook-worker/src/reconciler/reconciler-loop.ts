import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { PollingLoop } from '@payrail/platform';
import { WebhookWorkerEnv } from '../config/webhook-worker.env.js';
import { DeliveryReconciler } from './delivery-reconciler.js';

/**
 * Runs the reconciler every WEBHOOK_RECONCILE_INTERVAL_MS in every worker process, on the
 * platform's PollingLoop (a pass that fails, e.g. while Redis is down, is logged and the next one
 * tries again; shutdown waits for the pass under way).
 */
@Injectable()
export class ReconcilerLoop implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ReconcilerLoop.name);
  private readonly loop: PollingLoop;

  constructor(reconciler: DeliveryReconciler, @Inject(WebhookWorkerEnv) env: WebhookWorkerEnv) {
    this.loop = new PollingLoop({
      intervalMs: env.WEBHOOK_RECONCILE_INTERVAL_MS,
      pass: async () => (await reconciler.reconcile(), false),
      logger: this.logger,
      failureMessage: 'webhook reconciler pass failed; next pass retries',
    });
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.loop.stop();
  }
}
