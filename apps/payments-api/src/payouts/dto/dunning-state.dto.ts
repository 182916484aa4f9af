import { ApiProperty } from '@nestjs/swagger';
import { FAILURE_REASONS } from '@payrail/domain';

/** A schedule's dunning state (issue #37, extensions), shown by the schedule's status and by the list. */
export class DunningStateDto {
  @ApiProperty({
    type: String,
    nullable: true,
    enum: FAILURE_REASONS,
    description: "Extension (issue #37): the latest failed attempt's reason code, as payment.failed's subStatus; null once paid",
  })
  failureSubStatus!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description: 'Extension: chain time of the next dunning retry; null when none waits',
  })
  nextAttemptAt!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description: 'Extension: chain time the schedule went past due (paused by dunning)',
  })
  pastDueAt!: string | null;
}
