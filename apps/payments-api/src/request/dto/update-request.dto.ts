import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';

/** Body of PATCH /v2/request/{requestId}. */
export class UpdateRequestDto {
  @ApiProperty({
    description:
      'true stops the recurring invoice: no further period is issued. false resumes it: the next period issued is the first to start ' +
      'after now (periods that started while it was stopped are skipped). Any request of the series names it.',
    example: true,
  })
  @IsBoolean()
  isRecurrenceStopped!: boolean;
}
