import { Type } from 'class-transformer';
import { IsInt, Matches, Max, Min } from 'class-validator';
import { BaseEnv, WithMailQueueEnv } from '@payrail/platform';
import { WithinEndpointShare, WithWebhookEnv } from '@payrail/webhooks';
import { WithRetentionEnv } from './retention.env.js';

/**
 * webhook-worker configuration: the outbox relay and the webhook dispatcher (MAIL_TRANSPORT and
 * the mail retries: the e-mail to the owner of an endpoint it disables, see WithMailQueueEnv).
 */
export class WebhookWorkerEnv extends WithRetentionEnv(WithWebhookEnv(WithMailQueueEnv(BaseEnv))) {
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

  /**
   * New live deliveries' first attempts per BullMQ job (issue #24: a job's Redis round trips are
   * shared by its deliveries); 1 queues one job per delivery. Retries are always single jobs.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  WEBHOOK_DELIVERY_BATCH_SIZE: number = 50;

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

  /** Reconciler: how often each replica looks for pending deliveries whose attempt is overdue (a job Redis lost). */
  @Type(() => Number) @IsInt() @Min(100) @Max(600000) WEBHOOK_RECONCILE_INTERVAL_MS: number = 5000;

  /** Reconciler: how late an attempt must be before its job is presumed lost and queued again. */
  @Type(() => Number) @IsInt() @Min(0) @Max(3600000) WEBHOOK_RECONCILE_GRACE_MS: number = 5000;

  /** Extended schedule (opt-in per endpoint): delays after the interface's four attempts, the last repeating. */
  @Matches(/^\d{1,10}(,\d{1,10}){0,49}$/, { message: 'must be comma-separated milliseconds, e.g. 60000,300000' })
  WEBHOOK_EXTENDED_DELAYS_MS: string = '60000,300000,1800000,7200000,18000000,36000000';

  /** Extended schedule: no attempt starts later than this after the first (nominal delays). */
  @Type(() => Number) @IsInt() @Min(1) @Max(2592000) WEBHOOK_EXTENDED_HORIZON_SECONDS: number = 259200;

  /** Extended schedule: each delay is shortened by up to this share at random (BullMQ's backoff jitter). */
  @Type(() => Number) @IsInt() @Min(0) @Max(100) WEBHOOK_EXTENDED_JITTER_PERCENT: number = 20;

  /** Extended schedule: the longest receiver Retry-After (429/503) honoured. */
  @Type(() => Number) @IsInt() @Min(0) @Max(86400) WEBHOOK_RETRY_AFTER_MAX_SECONDS: number = 3600;

  /** An endpoint whose every attempt failed for this long is deactivated and its owner told (0: never). */
  @Type(() => Number) @IsInt() @Min(0) @Max(31536000) WEBHOOK_DISABLE_AFTER_SECONDS: number = 432000;

  /** Recovery lane: attempts in flight per worker process for bulk-recovered deliveries. */
  @Type(() => Number) @IsInt() @Min(1) @Max(1000) WEBHOOK_RECOVERY_CONCURRENCY: number = 50;

  /** Recovery lane: attempts started per second across all workers. */
  @Type(() => Number) @IsInt() @Min(1) @Max(100000) WEBHOOK_RECOVERY_MAX_PER_SECOND: number = 250;

  /**
   * Per endpoint: attempts in flight at once per worker process, unless the endpoint sets its own;
   * at most WEBHOOK_MAX_ENDPOINT_SHARE percent of WEBHOOK_DELIVERY_CONCURRENCY (checked at boot).
   */
  @Type(() => Number) @IsInt() @Min(1) @Max(1000) @WithinEndpointShare() WEBHOOK_ENDPOINT_MAX_CONCURRENCY: number = 50;

  /** Per endpoint: attempts started per second across workers, unless the endpoint sets its own (0: unlimited). */
  @Type(() => Number) @IsInt() @Min(0) @Max(100000) WEBHOOK_ENDPOINT_MAX_PER_SECOND: number = 0;
}
