import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEvmOrTronAddress } from '@payrail/chains';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, Length, Matches, ValidateIf } from 'class-validator';

const PERCENT = /^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/;

export class CreateClientIdDto {
  @ApiProperty({ minLength: 1, maxLength: 100 }) @IsString() @Length(1, 100) label!: string;

  @ApiPropertyOptional({
    type: [String],
    maxItems: 10,
    description: 'Allowed browser origins (HTTPS, no path; HTTP only for localhost). Empty or absent: a backend Client ID.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  allowedDomains?: string[];

  @ApiPropertyOptional({ example: '2.5', description: 'Default fee percentage, 0-100 with at most 2 decimals' })
  @IsOptional()
  @IsString()
  @Matches(PERCENT, { message: 'feePercentage must be a decimal string from 0 to 100 with at most 2 decimals' })
  feePercentage?: string;

  @ApiPropertyOptional({ description: 'Fee recipient (EVM or Tron); required with feePercentage' })
  @ValidateIf((o: CreateClientIdDto) => o.feePercentage !== undefined || o.feeAddress !== undefined)
  @IsEvmOrTronAddress({ message: 'feeAddress must be an EVM or Tron address (required when feePercentage is set)' })
  feeAddress?: string;
  @ApiPropertyOptional({
    description:
      'A payee destination of the platform (POST /v2/payee-destination) to bind: POST /v2/request and POST /v2/payouts with this Client ID may then omit payee',
    example: '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#0B7F5B8E:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  })
  @IsOptional()
  @IsString()
  @Length(1, 300)
  payeeDestinationId?: string;
}

export class UpdateClientIdDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 100 }) @IsOptional() @IsString() @Length(1, 100) label?: string;
  @ApiPropertyOptional({ type: [String], maxItems: 10 })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  allowedDomains?: string[];
  @ApiPropertyOptional({ enum: ['active', 'inactive', 'revoked'], description: 'A revoked Client ID can never be reactivated' })
  @IsOptional()
  @IsIn(['active', 'inactive', 'revoked'])
  status?: 'active' | 'inactive' | 'revoked';
  @ApiPropertyOptional({ nullable: true, type: String })
  @IsOptional()
  @IsString()
  @Matches(PERCENT, { message: 'feePercentage must be a decimal string from 0 to 100 with at most 2 decimals' })
  feePercentage?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) @IsOptional() @IsEvmOrTronAddress() feeAddress?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Binds a payee destination of the platform; null unbinds' })
  @IsOptional()
  @IsString()
  @Length(1, 300)
  payeeDestinationId?: string | null;
}

export class ClientIdResponse {
  @ApiProperty({ description: 'ULID' }) id!: string;
  @ApiProperty({ example: 'cli_3Yq9...' }) clientId!: string;
  @ApiProperty() platformId!: string;
  @ApiProperty() label!: string;
  @ApiProperty({ type: [String] }) allowedDomains!: string[];
  @ApiProperty({ enum: ['active', 'inactive', 'revoked', 'restricted'] }) status!: string;
  @ApiProperty({ enum: ['basic', 'default', 'premium', 'high-volume'] }) rateTier!: string;
  @ApiProperty({ nullable: true, type: String }) feePercentage!: string | null;
  @ApiProperty({ nullable: true, type: String }) feeAddress!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'The bound payee destination id, or null' }) payeeDestinationId!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}
