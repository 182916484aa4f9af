import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

const PERCENT = /^(100(\.0{1,2})?|[0-9]{1,2}(\.[0-9]{1,2})?)$/;
const AMOUNT = /^(0|[1-9][0-9]{0,20})(\.[0-9]{1,18})?$/;

/** Body of PUT /v2/exception-settings: the platform's whole exception settings. */
export class ExceptionSettingsDto {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '0.5',
    description: 'Underpaid tolerance as a percentage of the expected amount (0 to 100, at most 2 decimals); null or absent: none',
  })
  @IsOptional()
  @IsString()
  @Matches(PERCENT, { message: 'underpaidTolerancePercent must be a percentage from 0 to 100 with at most 2 decimals (e.g. "0.5")' })
  underpaidTolerancePercent?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '0.50',
    description:
      "Underpaid tolerance as an amount in each request's invoice currency (0.50 = 50 cents on a USD invoice); null or absent: none. " +
      'At most one of the two tolerances.',
  })
  @IsOptional()
  @IsString()
  @Matches(AMOUNT, { message: 'underpaidToleranceAmount must be a decimal amount (e.g. "0.50")' })
  underpaidToleranceAmount?: string | null;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: 30 * 24 * 3600,
    default: 0,
    description: 'Seconds after a link expires during which a payment is still accepted (raised as `late`, resolved)',
  })
  @IsOptional()
  @IsInt({ message: 'lateWindowSeconds must be an integer number of seconds' })
  @Min(0)
  @Max(30 * 24 * 3600)
  lateWindowSeconds?: number;
}

export class ExceptionSettingsResponseDto {
  @ApiProperty({ type: String, nullable: true, example: '0.5' }) underpaidTolerancePercent!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) underpaidToleranceAmount!: string | null;
  @ApiProperty({ example: 3600 }) lateWindowSeconds!: number;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'null: never set (the defaults apply)' })
  updatedAt!: string | null;
}
