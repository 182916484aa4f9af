import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WEBHOOK_EVENT_NAMES } from '@payrail/domain';
import { PageQueryDto } from '@payrail/platform';
import { ApiDisabledAt, ApiDisabledReason, DeliveryDto } from '@payrail/webhooks';
import { IsIn, IsISO8601, IsOptional, Matches } from 'class-validator';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const CLIENT_ID = /^cli_[A-Za-z0-9_-]{1,64}$/;

/** `clientId` filter of the platform's endpoints and deliveries. */
export class EndpointsQueryDto {
  @ApiPropertyOptional({ description: 'Only the endpoints of this public Client ID' })
  @IsOptional()
  @Matches(CLIENT_ID, { message: 'clientId must be a Client ID (cli_...)' })
  clientId?: string;
}

/** Query of GET /v1/webhooks/deliveries: filters (combined with AND), `limit`, `cursor`. */
export class DeliveryLogQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ['pending', 'succeeded', 'failed'] })
  @IsOptional()
  @IsIn(['pending', 'succeeded', 'failed'])
  status?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENT_NAMES }) @IsOptional() @IsIn(WEBHOOK_EVENT_NAMES) eventType?: string;

  @ApiPropertyOptional({ description: 'Endpoint id' })
  @IsOptional()
  @Matches(ULID, { message: 'webhookId must be an endpoint id' })
  webhookId?: string;

  @ApiPropertyOptional({ description: "Only deliveries to this public Client ID's endpoints" })
  @IsOptional()
  @Matches(CLIENT_ID, { message: 'clientId must be a Client ID (cli_...)' })
  clientId?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Created at or after (ISO 8601)' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 date-time' })
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Created before (ISO 8601); after `from`' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 date-time' })
  to?: string;
}

/** A delivery with where it went and when it is tried again. */
export class DeliveryLogItemDto extends DeliveryDto {
  @ApiProperty({ description: 'The endpoint URL' }) url!: string;
  @ApiProperty({ description: 'Public Client ID the endpoint belongs to' }) clientId!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description:
      'A pending delivery: when the worker tries it next (its recorded due time, Retry-After and extended retries included); null once succeeded or failed',
  })
  nextRetryAt!: string | null;
}

export class DeliveryLogPageDto {
  @ApiProperty({ type: [DeliveryLogItemDto], description: 'Newest first' }) data!: DeliveryLogItemDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' })
  nextCursor!: string | null;
}

export class RedeliveredDto {
  @ApiProperty({ type: DeliveryDto }) delivery!: DeliveryDto;
}

/** An endpoint of one of the platform's Client IDs (never its secret). */
export class PlatformEndpointDto {
  @ApiProperty({ description: 'Endpoint id (ULID)' }) id!: string;
  @ApiProperty() url!: string;
  @ApiProperty() isActive!: boolean;
  @ApiProperty({ description: 'Public Client ID it belongs to: manage it at /v1/webhook with this x-client-id and the session' })
  clientId!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ description: 'Beyond the interface: the extended retry schedule is on (see extendedRetries at registration)' })
  extendedRetries!: boolean;
  @ApiDisabledReason() disabledReason!: 'failing' | 'gone' | null;
  @ApiDisabledAt() disabledAt!: string | null;
}

export class PlatformEndpointListDto {
  @ApiProperty({ type: [PlatformEndpointDto] }) webhooks!: PlatformEndpointDto[];
}
