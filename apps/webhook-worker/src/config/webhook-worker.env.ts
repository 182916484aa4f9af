import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { BaseEnv } from '@payrail/platform';
import { WithWebhookEnv } from '@payrail/webhooks';
import { WithRetentionEnv } from './retention.env.js';

/** webhook-worker configuration: the outbox relay and the webhook dispatcher. */
export class WebhookWorkerEnv extends WithRetentionEnv(WithWebhookEnv(BaseEnv)) {
  override PORT = 8082;

  /** How long the relay sleeps when the outbox is empty. */
  @Type(() => Number)
  @IsInt()
  @Min(10)
  @Max(10000)
  OUTBOX_POLL_INTERVAL_MS: number = 200;

  /** Rows the relay moves per partition and pass. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(5000)
  OUTBOX_BATCH_SIZE: number = 500;

  /** Delivery attempts in flight per worker process (HTTP requests waiting on receivers). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  WEBHOOK_DELIVERY_CONCURRENCY: number = 200;

  /**
   * Jobs of the domain-events queue fanned out at once per worker process (the relay fans most
   * events out itself; this queue carries the ones whose fan-out failed, for retries).
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  WEBHOOK_FANOUT_CONCURRENCY: number = 50;

  /**
   * BullMQ job lock: a worker that dies (kill -9) leaves its jobs locked this long before
   * another worker takes them back (checked every half of it).
   */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  @Max(600000)
  WEBHOOK_JOB_LOCK_MS: number = 30000;
}
