import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageQueryDto } from '@payrail/platform';
import { IsIn, IsOptional, Matches } from 'class-validator';

/** Query of GET /v1/api-keys. */
export class ListApiKeysQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ example: 'prk_3Yq9', description: 'Keys whose display prefix starts with this' })
  @IsOptional()
  // The key alphabet is base64url: a prefix may hold `-` and `_` as well as letters and digits.
  @Matches(/^[A-Za-z0-9_-]{1,12}$/, { message: 'prefix must be 1 to 12 letters, digits, _ or -' })
  prefix?: string;

  @ApiPropertyOptional({ enum: ['active', 'revoked'] }) @IsOptional() @IsIn(['active', 'revoked']) status?: 'active' | 'revoked';
}

/** An API key as listed: its display prefix, never the secret. */
export class ApiKeyDto {
  @ApiProperty({ description: 'ULID' }) id!: string;
  @ApiProperty({
    example: 'prk_3Yq9AbCd',
    description: 'First 12 characters of the key: shown to tell keys apart, and how a key is revoked',
  })
  prefix!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) revokedAt!: string | null;
}

export class ApiKeyPageDto {
  @ApiProperty({ type: [ApiKeyDto], description: 'Newest first' }) data!: ApiKeyDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' })
  nextCursor!: string | null;
}

/** A new API key: the secret appears in this answer only (only its hash is stored). */
export class CreatedApiKeyDto {
  @ApiProperty() id!: string;
  @ApiProperty() platformId!: string;
  @ApiProperty({ example: 'prk_3Yq9AbCdEf...', description: 'The secret (x-api-key), shown once' }) apiKey!: string;
  @ApiProperty({ example: 'prk_3Yq9AbCd' }) prefix!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class RevokedApiKeyDto {
  @ApiProperty() id!: string;
  @ApiProperty() prefix!: string;
  @ApiProperty({ format: 'date-time' }) revokedAt!: string;
}
