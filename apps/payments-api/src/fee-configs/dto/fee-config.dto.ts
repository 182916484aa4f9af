import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEvmAddress, IsTronAddress } from '@payrail/chains';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, ValidateIf } from 'class-validator';

/** Body of PUT /v2/fee-config and PUT /v2/orchestrators/fee-config: the owner's whole fee configuration. */
export class FeeConfigDto {
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 10000, description: 'Fee rate in basis points (250 = 2.5 %)', example: 250 })
  @IsInt({ message: 'bps must be an integer number of basis points' })
  @Min(0)
  @Max(10000)
  bps!: number;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Maximum fee in USD, a decimal string with at most 2 decimals; null or absent: no cap',
    example: '5.00',
  })
  @IsOptional()
  @IsString()
  @Matches(/^(0|[1-9][0-9]{0,15})(\.[0-9]{1,2})?$/, { message: 'usdCap must be a USD amount with at most 2 decimals (e.g. "5.00")' })
  usdCap?: string | null;

  @ApiProperty({
    enum: ['payer', 'payee'],
    description: '`payer`: added on top of what the payer pays; `payee`: deducted from what the payee receives',
  })
  @IsIn(['payer', 'payee'], { message: 'feeBearer must be payer or payee' })
  feeBearer!: 'payer' | 'payee';

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Receives the fee on EVM networks',
    example: '0x742d35Cc6634C0532925a3b844Bc9e7595f8fA40',
  })
  @ValidateIf((_, v) => v !== null && v !== undefined)
  @IsEvmAddress()
  evmRecipientAddress?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Receives the fee on Tron',
    example: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  })
  @ValidateIf((_, v) => v !== null && v !== undefined)
  @IsTronAddress()
  tronRecipientAddress?: string | null;

  @ApiPropertyOptional({ enum: ['active', 'disabled'], default: 'active' })
  @IsOptional()
  @IsIn(['active', 'disabled'], { message: 'status must be active or disabled' })
  status?: 'active' | 'disabled';
}

/** A fee configuration as the API answers it. */
export class FeeConfigResponseDto {
  @ApiProperty({ example: '01JDQ4W9ZK3M7T1B2C3D4E5F6G' }) id!: string;
  @ApiProperty({ type: 'integer', example: 250 }) bps!: number;
  @ApiProperty({ type: String, nullable: true, example: '5.00' }) usdCap!: string | null;
  @ApiProperty({ enum: ['payer', 'payee'] }) feeBearer!: 'payer' | 'payee';
  @ApiProperty({ type: String, nullable: true }) evmRecipientAddress!: string | null;
  @ApiProperty({ type: String, nullable: true }) tronRecipientAddress!: string | null;
  @ApiProperty({ enum: ['active', 'disabled'] }) status!: 'active' | 'disabled';
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

/** GET answer: the owner's configuration, or null when it has never set one. */
export class FeeConfigEnvelopeDto {
  @ApiProperty({ type: FeeConfigResponseDto, nullable: true }) feeConfig!: FeeConfigResponseDto | null;
}
