import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { BaseEnv } from '@payrail/platform';

/** webhook-worker configuration: the outbox relay and (with webhooks) the dispatcher. */
export class WebhookWorkerEnv extends BaseEnv {
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
}
