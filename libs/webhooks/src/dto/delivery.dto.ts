import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsCursorId } from '@payrail/platform';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** Query of GET .../webhooks/{id}/deliveries. */
export class ListDeliveriesQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ description: '`nextCursor` of the previous page' }) @IsOptional() @IsCursorId('ulid') cursor?: string;
}

export class DeliveryAttemptDto {
  @ApiProperty({
    description: 'Retry number of the attempt: 0-3 (x-service-retry-count); 4 and up for extended-schedule attempts (x-service-attempt)',
    example: 0,
  })
  retryCount: number;
  @ApiProperty({ description: '0 for the automatic delivery, n for the n-th manual redelivery', example: 0 }) round: number;
  @ApiProperty({ type: String, format: 'date-time' }) startedAt: string;
  @ApiProperty({ example: 42 }) durationMs: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Receiver status code; null when no response arrived', example: 200 })
  statusCode: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Timeout, connection error or refused target', example: null })
  error: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'First 1 KiB of the response body' }) responseBodyHead: string | null;
  @ApiProperty() succeeded: boolean;
}

export class DeliveryDto {
  @ApiProperty({ description: 'Delivery id (ULID), sent as x-service-delivery', example: '01JD3Y4M2B8C7D6E5F4G3H2J1K' }) id: string;
  @ApiProperty({ description: 'Endpoint id' }) webhookId: string;
  @ApiProperty({ example: 'payment.confirmed' }) eventType: string;
  @ApiProperty({ description: 'Test delivery (x-service-test: true)' }) test: boolean;
  @ApiProperty({ enum: ['pending', 'succeeded', 'failed'] }) status: string;
  @ApiProperty({ description: 'Attempts made so far, all rounds' }) attemptCount: number;
  @ApiProperty({ type: Number, nullable: true }) lastStatusCode: number | null;
  @ApiProperty({ type: String, nullable: true }) lastError: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completedAt: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The JSON body that was signed and sent' })
  payload: Record<string, unknown>;
  @ApiProperty({ type: [DeliveryAttemptDto] }) attempts: DeliveryAttemptDto[];
}

export class DeliveryPageDto {
  @ApiProperty({ type: [DeliveryDto], description: 'Newest first' }) data: DeliveryDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' })
  nextCursor: string | null;
}

export class RedeliveryDto {
  @ApiProperty({ type: DeliveryDto }) delivery: DeliveryDto;
}
