import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEvmOrTronAddress } from '@payrail/chains';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { IsNotInThePast } from '../../payments/dto/validators.js';

export const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;

/** Makes a payout recurring; the spec's four fields are required, testClockId (extension) is optional. */
export class RecurrenceDto {
  @ApiProperty({ description: 'ISO 8601 date or date-time; its UTC day cannot be before today', example: '2030-01-01' })
  @IsISO8601({ strict: true }, { message: 'startDate must be an ISO 8601 date or date-time' })
  @IsNotInThePast()
  startDate!: string;

  @ApiProperty({ enum: FREQUENCIES }) @IsIn(FREQUENCIES) frequency!: (typeof FREQUENCIES)[number];

  @ApiProperty({ type: 'integer', minimum: 2, maximum: 256 }) @IsInt() @Min(2) @Max(256) totalPayments!: number;

  @ApiProperty({ description: 'Payer wallet; cannot equal the payee address' }) @IsEvmOrTronAddress() payer!: string;

  @ApiPropertyOptional({
    description:
      'Extension (local and staging only): attach the schedule to this test clock (POST /v2/test-clocks). Its periods then execute on the clock’s time only, on the local chain. See docs/test-clocks.md.',
    example: '01JD3Y2ZK8Q7V6W5X4T3S2R1P1',
  })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  testClockId?: string;
}
