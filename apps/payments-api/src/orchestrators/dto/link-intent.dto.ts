import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEvmOrTronAddress } from '@payrail/chains';
import { IsOptional, IsString, Length } from 'class-validator';

/** Body of POST /v2/orchestrators/link-intents. */
export class CreateLinkIntentDto {
  @ApiPropertyOptional({ description: "The orchestrator's own onboarding id, echoed in client_id.linked" })
  @IsOptional()
  @IsString()
  @Length(1, 255)
  externalId?: string;

  @ApiPropertyOptional({
    description:
      "The platform's Client ID this intent is for: then only that Client ID, by its own platform's wallet session, completes it (others 403). " +
      'Without it the onboarding URL is an open invite: whichever platform completes it first is linked (check clientId in client_id.linked).',
    example: 'cli_...',
  })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  clientId?: string;
}

/** Body of POST /v2/orchestrators/link-intents/{intentId}/complete (the hosted onboarding page, platform session). */
export class CompleteLinkIntentDto {
  @ApiProperty({ description: "The platform's Client ID to link", example: 'cli_...' }) @IsString() @Length(1, 100) clientId!: string;
  @ApiProperty({ description: 'Where the platform is paid: EVM or Tron wallet' }) @IsEvmOrTronAddress() destinationWalletAddress!: string;
  @ApiProperty({ description: 'Destination currency id, `<SYMBOL>-<network>`', example: 'USDC-base' })
  @IsString()
  @Length(1, 100)
  currency!: string;
}

/** 201 of POST /v2/orchestrators/link-intents. */
export class CreatedLinkIntentDto {
  @ApiProperty({ description: 'Link intent id (ULID)' }) intentId!: string;
  @ApiProperty({ type: String, nullable: true }) externalId!: string | null;
  @ApiProperty({
    description: 'The hosted onboarding page the platform completes',
    example: 'https://pay.payrail.example/onboarding/01JD...',
  })
  onboardingUrl!: string;
  @ApiProperty({ format: 'date-time', description: '7 days after creation' }) expiresAt!: string;
}

/** 200 of POST /v2/orchestrators/link-intents/{intentId}/complete. */
export class CompletedLinkIntentDto {
  @ApiProperty() intentId!: string;
  @ApiProperty({ description: 'Identifies the link (and a repeated client_id.linked delivery)' }) linkId!: string;
  @ApiProperty({ example: 'cli_...' }) clientId!: string;
  @ApiProperty() orchestratorId!: string;
  @ApiProperty({ enum: [true] }) linked!: boolean;
}

/** 200 of GET /v2/orchestrators/link-intents/{intentId} (the hosted onboarding page, public). */
export class LinkIntentViewDto {
  @ApiProperty({ description: 'Link intent id (ULID)' }) intentId!: string;
  @ApiProperty({ description: 'Name of the orchestrator asking to be linked', example: 'Acme Payments' }) orchestratorName!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The Client ID this intent is for (only it may complete it), or null for an open invite',
    example: 'cli_...',
  })
  clientId!: string | null;
  @ApiProperty({ enum: ['open', 'completed', 'expired'] }) status!: 'open' | 'completed' | 'expired';
  @ApiProperty({ format: 'date-time' }) expiresAt!: string;
}
