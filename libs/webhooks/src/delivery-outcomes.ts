import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { QUEUES } from '@payrail/platform';
import { type Job, QueueEvents } from 'bullmq';
import { WEBHOOK_SETTINGS } from './webhook.tokens.js';
import type { WebhookSettings } from './webhook-env.js';

/**
 * Waits for delivery jobs to finish (test-fire reports `{sent, failed}`), through BullMQ's
 * queue events stream. The listener connection is opened on first use only.
 */
@Injectable()
export class WebhookDeliveryOutcomes implements OnApplicationShutdown {
  private events: Promise<QueueEvents> | undefined;

  constructor(@Inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings) {}

  /** Jobs that completed (`sent`) and jobs that failed or did not finish within `timeoutMs` (`failed`). */
  async wait(jobs: Job[], timeoutMs: number): Promise<{ sent: number; failed: number }> {
    const events = await this.listener();
    const outcomes = await Promise.allSettled(jobs.map((job) => job.waitUntilFinished(events, timeoutMs)));
    const sent = outcomes.filter((o) => o.status === 'fulfilled').length;
    return { sent, failed: outcomes.length - sent };
  }

  /** Opens the listener before jobs are queued, so no outcome can be missed. */
  listener(): Promise<QueueEvents> {
    this.events ??= (async () => {
      const events = new QueueEvents(QUEUES.webhookDeliveries, {
        connection: { url: this.settings.redisUrl, maxRetriesPerRequest: null },
        prefix: this.settings.queuePrefix,
      });
      await events.waitUntilReady();
      return events;
    })();
    return this.events;
  }

  async onApplicationShutdown(): Promise<void> {
    const events = await this.events?.catch(() => undefined);
    await events?.close();
  }
}
