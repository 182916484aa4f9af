import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { WebhookWorkerEnv } from '../config/webhook-worker.env.js';
import { DeliveryReconciler } from './delivery-reconciler.js';

/**
 * Runs the reconciler every WEBHOOK_RECONCILE_INTERVAL_MS in every worker process (a pass that
 * fails, e.g. while Redis is down, is logged and the next one tries again). Written plainly in
 * its own file until the platform's polling-loop primitive takes it over.
 */
@Injectable()
export class ReconcilerLoop implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ReconcilerLoop.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly reconciler: DeliveryReconciler,
    @Inject(WebhookWorkerEnv) private readonly env: WebhookWorkerEnv,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.reconciler
        .reconcile()
        .catch((error: unknown) => this.logger.warn({ err: error }, 'webhook reconciler pass failed; next pass retries'))
        .finally(() => this.schedule());
    }, this.env.WEBHOOK_RECONCILE_INTERVAL_MS);
  }
}
