import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsISO8601, IsOptional, Max, Min, ValidateIf } from 'class-validator';

/** Body of the settings routes (beyond the interface): fields left out keep their value; null restores the default. */
export class WebhookSettingsDto {
  @ApiPropertyOptional({ description: "The extended retry schedule (after the interface's four attempts, up to 72 h)" })
  @IsOptional()
  @IsBoolean()
  extendedRetries?: boolean;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 1,
    maximum: 1000,
    description:
      "Attempts in flight at once per worker process; null: the default. At most WEBHOOK_MAX_ENDPOINT_SHARE percent of a worker process's delivery slots (50 by default): a higher value is a 400",
  })
  @ValidateIf((_o, v) => v !== null)
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  maxConcurrency?: number | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 1,
    maximum: 10000,
    description: 'Attempts started per second across workers; null: the default',
  })
  @ValidateIf((_o, v) => v !== null)
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10000)
  maxPerSecond?: number | null;
}

/** Body of the recover routes (beyond the interface). */
export class RecoverDeliveriesDto {
  @ApiProperty({
    description: 'Deliveries created at or after this time (ISO 8601), within the last WEBHOOK_RECOVER_WINDOW_DAYS (14 by default)',
    example: '2026-11-24T08:00:00Z',
  })
  @IsISO8601({ strict: true }, { message: 'since must be an ISO 8601 date-time' })
  since: string;

  @ApiPropertyOptional({
    enum: ['failed', 'all'],
    default: 'failed',
    description: 'failed: only deliveries that failed; all: succeeded ones too',
  })
  @IsOptional()
  @IsIn(['failed', 'all'], { message: 'status must be one of: failed, all' })
  status?: 'failed' | 'all';
}

export class RecoveryStartedDto {
  @ApiProperty({
    description:
      'Deliveries queued again (same delivery ids and bodies, retry count from 0) on the recovery lane, oldest first, at most WEBHOOK_RECOVER_MAX_PER_CALL',
    example: 120,
  })
  queued: number;

  @ApiProperty({
    description: 'More deliveries match than one call reopens: call again (with the same since) once this recovery has drained',
    example: false,
  })
  more: boolean;
}
