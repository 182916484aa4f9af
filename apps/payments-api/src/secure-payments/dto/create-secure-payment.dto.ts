import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEvmOrTronAddress } from '@payrail/chains';
import { MAX_SECURE_PAYMENT_EXPIRY_SECONDS, MIN_SECURE_PAYMENT_EXPIRY_SECONDS } from '@payrail/domain';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { BRANDING_PATH_DOC, IsBrandingPath } from './branding-path.validator.js';
import { SecurePaymentItemDto } from './secure-payment-item.dto.js';

const COLOR = /^#[0-9A-Fa-f]{3,8}$/;

/** Page branding (the multicall state's branding fields a creator sets). */
export class BrandingDto {
  @ApiPropertyOptional({ ...BRANDING_PATH_DOC, example: 'https://cdn.shop.example/logo.svg' })
  @IsOptional()
  @IsString()
  @Length(1, 2048)
  @IsBrandingPath()
  logoPath?: string;
  @ApiPropertyOptional({ example: '#ffffff' }) @IsOptional() @Matches(COLOR) pageBackgroundColor?: string;
  @ApiPropertyOptional({ example: '#ffffff' }) @IsOptional() @Matches(COLOR) cardBackgroundColor?: string;
  @ApiPropertyOptional({ example: '#0052ff' }) @IsOptional() @Matches(COLOR) primaryActionColor?: string;
  @ApiPropertyOptional({ example: '#111111' }) @IsOptional() @Matches(COLOR) primaryTextColor?: string;
  @ApiPropertyOptional({ example: '#666666' }) @IsOptional() @Matches(COLOR) secondaryTextColor?: string;
  @ApiPropertyOptional(BRANDING_PATH_DOC) @IsOptional() @IsString() @Length(1, 2048) @IsBrandingPath() termsPath?: string;
  @ApiPropertyOptional(BRANDING_PATH_DOC) @IsOptional() @IsString() @Length(1, 2048) @IsBrandingPath() privacyPath?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() displayRequestBranding?: boolean;
}

/** Who may pay, whether payer wallets are screened, and whether the payee address is masked. */
export class AccessPolicyDto {
  @ApiPropertyOptional({ type: [String], description: 'Payer wallets allowed to read and pay (EVM or Tron); others get 403' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsEvmOrTronAddress({ each: true })
  allowedPayerAddresses?: string[];

  @ApiPropertyOptional({ enum: ['off', 'kyt_all_wallets'], default: 'off' })
  @IsOptional()
  @IsIn(['off', 'kyt_all_wallets'])
  screening?: 'off' | 'kyt_all_wallets';

  @ApiPropertyOptional({ description: 'Mask payee-address fields until access is approved', default: false })
  @IsOptional()
  @IsBoolean()
  hidePayeeAddress?: boolean;
}

/** What every link carries besides its payments: redirect, branding, lifetime, access policy. */
export class LinkOptionsDto {
  @ApiPropertyOptional({ description: 'Where the page sends the payer afterwards; http(s) only' })
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: 'redirectUrl must be an http(s) URL' })
  redirectUrl?: string;

  @ApiPropertyOptional({ description: 'Label of the redirect; only with redirectUrl' })
  @IsOptional()
  @IsString()
  @Length(1, 255)
  @Matches(/^[^<>&"'`]*$/, { message: 'redirectLabel must not contain < > & " \' or `' })
  redirectLabel?: string;

  @ApiPropertyOptional({ type: BrandingDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => BrandingDto)
  branding?: BrandingDto;

  @ApiPropertyOptional({
    description: 'Lifetime of the link in seconds (default 7 days)',
    minimum: 60,
    maximum: MAX_SECURE_PAYMENT_EXPIRY_SECONDS,
  })
  @IsOptional()
  @IsInt()
  @Min(MIN_SECURE_PAYMENT_EXPIRY_SECONDS)
  @Max(MAX_SECURE_PAYMENT_EXPIRY_SECONDS)
  expiresIn?: number;

  @ApiPropertyOptional({ type: AccessPolicyDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => AccessPolicyDto)
  accessPolicy?: AccessPolicyDto;
}

/** Body of POST /v2/secure-payments (after Request Network's first secure-payments shape). */
export class CreateSecurePaymentDto extends LinkOptionsDto {
  @ApiProperty({
    type: [SecurePaymentItemDto],
    description:
      'The payment behind the link (one item on this server): `{destinationId, amount}` or `{payee, amount, invoiceCurrency, paymentCurrency}`',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1, { message: 'requests must hold exactly one payment (several payees: use POST /v2/secure-payments/multicall-payouts)' })
  @ValidateNested({ each: true })
  @Type(() => SecurePaymentItemDto)
  requests!: SecurePaymentItemDto[];

  @ApiPropertyOptional({ description: 'Merchant reference, 1 to 255 characters' })
  @IsOptional()
  @IsString()
  @Length(1, 255)
  reference?: string;

  @ApiPropertyOptional({
    deprecated: true,
    description:
      'Deprecated and ignored, as on Request Network: fees come from the server-side fee plan (the fee configuration; docs/fee-plans.md). ' +
      'Accepted so existing clients keep working.',
  })
  @IsOptional()
  @IsString()
  feePercentage?: string;

  @ApiPropertyOptional({ deprecated: true, description: 'Deprecated and ignored with feePercentage' })
  @IsOptional()
  @IsString()
  feeAddress?: string;
}
