import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WEBHOOK_EVENT_NAMES, type WebhookEventName } from '@payrail/domain';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** Why Payrail deactivated an endpoint, as every webhook listing documents it. */
export const ApiDisabledReason = () =>
  ApiProperty({
    type: String,
    nullable: true,
    enum: ['failing', 'gone'],
    description:
      'Beyond the interface: set when Payrail deactivated the endpoint: every attempt failed for the auto-disable period (failing), or it answered 410 (gone). Cleared on reactivation.',
  });

/** When Payrail deactivated an endpoint. */
export const ApiDisabledAt = () =>
  ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When Payrail deactivated it' });

/** Body of POST /v1/webhook and POST /v2/orchestrators/webhooks. */
export class RegisterWebhookDto {
  @ApiProperty({
    description:
      'Endpoint URL. Outside local development: HTTPS to a public address on port 443 (or a port in WEBHOOK_ALLOWED_PORTS); in local development any HTTPS URL, and plain HTTP for localhost and 127.0.0.1.',
    example: 'https://merchant.example.com/webhooks/payrail',
    maxLength: 2048,
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(2048)
  url: string;

  @ApiPropertyOptional({
    description:
      'Beyond the interface: after its four attempts (1 s, 5 s, 15 s), keep retrying with jittered back-off (1 m, 5 m, 30 m, 2 h, 5 h, 10 h, then every 10 h) up to 72 h; honours Retry-After on 429/503; a 410 disables the endpoint. Default false.',
    default: false,
  })
  @IsOptional()
  @IsBoolean()
  extendedRetries?: boolean;
}

/** Body of the test-fire routes. */
export class FireTestWebhookDto {
  @ApiProperty({
    description: 'Event whose payload shape the test delivery carries',
    enum: WEBHOOK_EVENT_NAMES,
    example: 'payment.confirmed',
  })
  @IsIn(WEBHOOK_EVENT_NAMES, { message: `eventType must be one of: ${WEBHOOK_EVENT_NAMES.join(', ')}` })
  eventType: WebhookEventName;
}

/** A webhook endpoint, never with its secret. */
export class WebhookDto {
  @ApiProperty({ description: 'Endpoint id (ULID)', example: '01JD3Y2ZK8Q7V6W5X4T3S2R1P0' }) id: string;
  @ApiProperty({ example: 'https://merchant.example.com/webhooks/payrail' }) url: string;
  @ApiProperty({ description: 'Inactive endpoints receive nothing' }) isActive: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: string;
  @ApiProperty({ description: 'Beyond the interface: the extended retry schedule is on (see extendedRetries at registration)' })
  extendedRetries: boolean;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Beyond the interface: attempts in flight at once per worker (null: the default)',
  })
  maxConcurrency: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Beyond the interface: attempts started per second (null: the default)' })
  maxPerSecond: number | null;
  @ApiDisabledReason() disabledReason: 'failing' | 'gone' | null;
  @ApiDisabledAt() disabledAt: string | null;
}

export class PlatformWebhookCreatedDto {
  @ApiProperty({ description: 'Endpoint id (ULID)', example: '01JD3Y2ZK8Q7V6W5X4T3S2R1P0' }) id: string;
  @ApiProperty({
    description:
      'Signing secret (HMAC key of x-service-signature as is, and of webhook-signature as Standard Webhooks decodes it). Returned only here.',
    example: 'whsec_3q2+7wVmZxYq0h8rJkL1nB5cD9eF4gH6iJ2kL7mN0pQ=',
  })
  secret: string;
}

export class OrchestratorWebhookCreatedDto {
  @ApiProperty({ type: WebhookDto }) webhook: WebhookDto;
  @ApiProperty({
    description:
      'Signing secret (HMAC key of x-service-signature as is, and of webhook-signature as Standard Webhooks decodes it). Returned only here.',
    example: 'whsec_3q2+7wVmZxYq0h8rJkL1nB5cD9eF4gH6iJ2kL7mN0pQ=',
  })
  secret: string;
}

export class WebhookListDto {
  @ApiProperty({ type: [WebhookDto] }) webhooks: WebhookDto[];
}

export class WebhookEnvelopeDto {
  @ApiProperty({ type: WebhookDto }) webhook: WebhookDto;
}

export class TestFireResultDto {
  @ApiProperty({ description: 'Active endpoints that answered the test delivery with a 2xx', example: 1 }) sent: number;
  @ApiProperty({ description: 'Active endpoints that did not (non-2xx, timeout, connection error)', example: 0 }) failed: number;
}

/** Answer of the rotate-secret routes (beyond the interface). */
export class WebhookSecretRotatedDto {
  @ApiProperty({ type: WebhookDto }) webhook: WebhookDto;
  @ApiProperty({
    description: 'The new signing secret, returned only here. x-service-signature uses it at once; webhook-signature carries it first.',
    example: 'whsec_3q2+7wVmZxYq0h8rJkL1nB5cD9eF4gH6iJ2kL7mN0pQ=',
  })
  secret: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      'Until when the replaced secret also signs (as a second v1 entry of webhook-signature); null when WEBHOOK_SECRET_OVERLAP_SECONDS is 0.',
  })
  previousSecretExpiresAt: string | null;
}
