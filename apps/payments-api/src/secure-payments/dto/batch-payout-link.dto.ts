import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AccessDecisionDto } from './page-access.dto.js';
import { BrandingResponseDto } from './page-shapes.dto.js';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsOptional, IsString, IsUrl, Length, Matches } from 'class-validator';

/** Most single payouts one batch link combines (as POST /v2/payouts/batch: one transaction stays within a block's gas). */
export const MAX_BATCH_LINK_TOKENS = 100;

/** Body of POST /v2/secure-payments/batch-payouts (Request Network's shape). */
export class BatchPayoutLinkDto {
  @ApiProperty({
    type: [String],
    minItems: 2,
    maxItems: MAX_BATCH_LINK_TOKENS,
    description:
      'Tokens of pending single payout links (POST /v2/secure-payments/payouts or /v2/secure-payments) of the caller, all on one EVM network; they are invalidated and the new link pays them in one transaction',
  })
  @IsArray()
  @ArrayMinSize(2, { message: 'tokens must hold at least 2 payout tokens' })
  @ArrayMaxSize(MAX_BATCH_LINK_TOKENS, { message: `tokens must hold at most ${MAX_BATCH_LINK_TOKENS} payout tokens` })
  @IsString({ each: true })
  @Length(1, 64, { each: true, message: 'each token must be 1 to 64 characters' })
  tokens!: string[];

  @ApiPropertyOptional({ description: 'Where the page sends the payer afterwards; http(s) only' })
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: 'redirectUrl must be an http(s) URL' })
  redirectUrl?: string;

  @ApiPropertyOptional({ description: 'Label of the redirect; only with redirectUrl', minLength: 1, maxLength: 255 })
  @IsOptional()
  @IsString()
  @Length(1, 255)
  @Matches(/^[^<>&"'`]*$/, { message: 'redirectLabel must not contain < > & " \' or `' })
  redirectLabel?: string;
}

/** 201 of POST /v2/secure-payments/batch-payouts. */
export class CreatedBatchPayoutDto {
  @ApiProperty({ type: [String], description: "The payouts' requests, now paid by the batch link" }) requestIds!: string[];
  @ApiProperty({ description: 'Hosted page of the batch link, with the public Client ID the page calls the API with' })
  securePaymentUrl!: string;
  @ApiProperty({ description: 'Batch link token (ULID)' }) token!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'Always null here: each payout keeps the fee it was created with',
  })
  feePlan!: null;
}

/** GET /v2/secure-payments/{token} of a batch link (views/batch-view.ts): one entry per payout, in order. */
export class BatchPaymentDataDto {
  @ApiProperty({ enum: ['batch'] }) paymentType!: string;
  @ApiProperty({ enum: ['pending', 'completed', 'expired', 'invalidated', 'compliance_failed'] }) status!: string;
  @ApiProperty({ type: String, nullable: true }) redirectUrl!: string | null;
  @ApiProperty({ type: String, nullable: true }) redirectLabel!: string | null;
  @ApiProperty({ format: 'date-time' }) expiresAt!: string;
  @ApiProperty({ type: BrandingResponseDto, nullable: true }) branding!: BrandingResponseDto | null;
  @ApiProperty({ type: [String] }) requestIds!: string[];
  @ApiProperty({ type: [String], description: 'Masked (ends only) while the payee is hidden' }) payees!: string[];
  @ApiProperty() network!: string;
  @ApiProperty({ type: [String], description: 'Human-readable, in each payment currency' }) amounts!: string[];
  @ApiProperty({ type: [String] }) paymentCurrencies!: string[];
  @ApiProperty({ type: [Boolean] }) isNativeCurrency!: boolean[];
  @ApiProperty({ type: [Boolean], description: 'Per payout: already paid (the pay route leaves it out)' }) hasBeenPaid!: boolean[];
  @ApiProperty({ type: String, nullable: true }) reference!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'Always null for a batch' }) feePlan!: null;
  @ApiProperty({ type: String, nullable: true }) orchestratorId!: string | null;
  @ApiProperty() isPayeeAddressMasked!: boolean;
  @ApiProperty({ type: AccessDecisionDto }) accessDecision!: AccessDecisionDto;
}
