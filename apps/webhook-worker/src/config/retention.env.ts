import { Type } from 'class-transformer';
import type { BaseEnv } from '@payrail/platform';
import { IsInt, Max, Min } from 'class-validator';

// TypeScript requires a mixin base to take `...args: any[]`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Ctor<T = object> = new (...args: any[]) => T;

/** Adds the retention variables to the webhook-worker's env schema. */
export function WithRetentionEnv<TBase extends Ctor<BaseEnv>>(Base: TBase) {
  class RetentionEnv extends Base {
    /** Events, deliveries and attempts older than this many days are deleted (a finished delivery counts from its last attempt). */
    @Type(() => Number) @IsInt() @Min(1) @Max(3650) EVENT_RETENTION_DAYS: number = 90;

    /** Rows the retention job deletes per statement (one short transaction each). */
    @Type(() => Number) @IsInt() @Min(10) @Max(10000) EVENT_RETENTION_BATCH_SIZE: number = 1000;

    /** How often a worker replica tries a retention pass (one replica at a time runs it). */
    @Type(() => Number) @IsInt() @Min(1000) @Max(86_400_000) EVENT_RETENTION_INTERVAL_MS: number = 600_000;

    /**
     * Share of a pruning pass's time spent deleting (both jobs): between batches a pass pauses for
     * the rest, so a backlog is pruned beside live traffic instead of taking the database over (100: no pause).
     */
    @Type(() => Number) @IsInt() @Min(1) @Max(100) PRUNING_DUTY_PERCENT: number = 10;

    /** How often a worker replica tries a record pruning pass: expired idempotency keys, old processed payment intents. */
    @Type(() => Number) @IsInt() @Min(1000) @Max(86_400_000) RECORD_PRUNING_INTERVAL_MS: number = 3_600_000;

    /** Rows the record pruning job deletes per statement (one short transaction each). */
    @Type(() => Number) @IsInt() @Min(10) @Max(10000) RECORD_PRUNING_BATCH_SIZE: number = 1000;

    /** Payment intents chain-worker processed more than this many days ago are deleted. */
    @Type(() => Number) @IsInt() @Min(1) @Max(3650) PAYMENT_INTENT_RETENTION_DAYS: number = 30;
  }
  return RetentionEnv;
}
