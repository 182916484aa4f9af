import { ApiProperty } from '@nestjs/swagger';
import { IsISO8601 } from 'class-validator';

/** Query of GET /v2/requests/volume: a range of at most 366 days. */
export class VolumeQueryDto {
  @ApiProperty({ format: 'date-time', description: 'Settled at or after (ISO 8601)' })
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 date-time' })
  from!: string;

  @ApiProperty({ format: 'date-time', description: 'Settled before (ISO 8601); at most 366 days after `from`' })
  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 date-time' })
  to!: string;
}

export class VolumeDayDto {
  @ApiProperty({ example: '2025-11-24', description: 'UTC day' }) day!: string;
  @ApiProperty({ example: 'USDC-base' }) currency!: string;
  @ApiProperty({ description: 'Settled requests' }) count!: number;
  @ApiProperty({ example: '1250.5', description: 'Amount received, decimal string of the currency' }) amount!: string;
}

export class VolumeTotalDto {
  @ApiProperty({ example: 'USDC-base' }) currency!: string;
  @ApiProperty() count!: number;
  @ApiProperty({ example: '1250.5' }) amount!: string;
}

export class VolumeDto {
  @ApiProperty({ format: 'date-time' }) from!: string;
  @ApiProperty({ format: 'date-time' }) to!: string;
  @ApiProperty({ type: [VolumeDayDto], description: 'One row per day and currency with settled requests, by day then currency' })
  days!: VolumeDayDto[];
  @ApiProperty({ type: [VolumeTotalDto], description: 'Per currency over the whole range' }) totals!: VolumeTotalDto[];
}
