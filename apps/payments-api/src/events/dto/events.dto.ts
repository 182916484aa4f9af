import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WEBHOOK_EVENT_NAMES } from '@payrail/domain';
import { EVENT_OUTCOMES, type EventOutcome } from '@payrail/persistence';
import { IsCursorId } from '@payrail/platform';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Length, Max, Min } from 'class-validator';

/** Query of GET /v2/events. */
export class ListEventsQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ description: '`nextCursor` of the previous page' })
  @IsOptional()
  @IsCursorId('bigint')
  cursor?: string;

  @ApiPropertyOptional({ description: 'Only events with a larger id than this (polling for new events)', example: '1042' })
  @IsOptional()
  @IsCursorId('bigint', 'after must be an event id')
  after?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENT_NAMES, description: 'Only events of this name' })
  @IsOptional()
  @IsIn(WEBHOOK_EVENT_NAMES)
  type?: string;

  @ApiPropertyOptional({ description: "Only events about this object (an event's `object.id`, e.g. a requestId)" })
  @IsOptional()
  @Length(1, 200)
  objectId?: string;

  @ApiPropertyOptional({ enum: EVENT_OUTCOMES, description: "Only events whose deliveries to the platform's endpoints stand so" })
  @IsOptional()
  @IsIn(EVENT_OUTCOMES)
  outcome?: EventOutcome;
}

export class EventObjectDto {
  @ApiProperty({ example: 'request' }) type: string;
  @ApiProperty({ example: '01c2b4...' }) id: string;
}

export class EventDeliveryDto {
  @ApiProperty({ description: 'Delivery id (x-service-delivery)' }) id: string;
  @ApiProperty({ description: 'Endpoint id' }) webhookId: string;
  @ApiProperty() url: string;
  @ApiProperty({ description: "The endpoint's Client ID" }) clientId: string;
  @ApiProperty({ enum: ['pending', 'succeeded', 'failed'] }) status: string;
  @ApiProperty() attemptCount: number;
  @ApiProperty({ type: Number, nullable: true }) lastStatusCode: number | null;
  @ApiProperty({ type: String, nullable: true }) lastError: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completedAt: string | null;
}

export class EventDto {
  @ApiProperty({ description: 'Event id, also sent as x-payrail-event-sequence; larger is later', example: '1042' }) id: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_NAMES }) type: string;
  @ApiProperty({ type: EventObjectDto, description: 'What the event is about' }) object: EventObjectDto;
  @ApiProperty({ type: String, format: 'date-time', description: 'Sent as x-payrail-occurred-at' }) occurredAt: string;
  @ApiProperty({
    enum: EVENT_OUTCOMES,
    description: 'none: no endpoint; pending; failed: one or more failed, none pending; succeeded: all',
  })
  outcome: EventOutcome;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The payload, as delivered' }) payload: Record<string, unknown>;
  @ApiProperty({ type: [EventDeliveryDto], description: "One per endpoint of the platform's Client IDs" }) deliveries: EventDeliveryDto[];
}

export class EventPageDto {
  @ApiProperty({ type: [EventDto], description: 'Newest first' }) data: EventDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' })
  nextCursor: string | null;
}
