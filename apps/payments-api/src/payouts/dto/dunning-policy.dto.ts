import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, Max, Min, ValidateIf } from 'class-validator';

/** Body of PUT /v2/payouts/recurring-dunning-policy: the platform's whole dunning policy (issue #37). */
export class DunningPolicyDto {
  @ApiProperty({
    type: [Number],
    description:
      'Seconds between attempts at a failed period, in turn; the last one repeats. 1 to 20 delays, each 60 s to 30 days. ' +
      'Default [300, 1800, 7200, 72000, 86400] (5 min, 30 min, 2 h, 20 h, then daily).',
    example: [300, 1800, 7200, 72000, 86400],
  })
  @IsArray({ message: 'retryDelaysSeconds must be a list of delays in seconds' })
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @IsInt({ each: true, message: 'each retry delay must be a whole number of seconds' })
  @Min(60, { each: true, message: 'each retry delay must be at least 60 seconds' })
  @Max(2_592_000, { each: true, message: 'each retry delay must be at most 2592000 seconds (30 days)' })
  retryDelaysSeconds!: number[];

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: 5_184_000,
    description:
      'Seconds after a period first fails during which the schedule stays active and is retried (default 1209600 = 14 days); ' +
      'past it the schedule goes past due (paused, schedule.past_due).',
    example: 1_209_600,
  })
  @IsInt({ message: 'gracePeriodSeconds must be a whole number of seconds' })
  @Min(0)
  @Max(5_184_000)
  gracePeriodSeconds!: number;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: 31_536_000,
    description:
      'Seconds a past-due schedule waits for the subscriber before it is cancelled for nonpayment (schedule.canceled_for_nonpayment); ' +
      'null: never (default 604800 = 7 days).',
    example: 604_800,
  })
  @ValidateIf((_, v) => v !== null)
  @IsInt({ message: 'cancelAfterSeconds must be a whole number of seconds or null' })
  @Min(0)
  @Max(31_536_000)
  cancelAfterSeconds!: number | null;
}

/** The platform's dunning policy (its own, or the default when it set none). */
export class DunningPolicyResponseDto extends DunningPolicyDto {
  @ApiProperty({ description: '`platform`: set by PUT; `default`: none set, the defaults apply', enum: ['platform', 'default'] })
  source!: 'platform' | 'default';

  @ApiProperty({ type: String, nullable: true, description: 'ISO 8601: when the platform last set it; null for the default' })
  updatedAt!: string | null;
}
