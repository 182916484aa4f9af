import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEvmOrTronAddress } from '@payrail/chains';
import { IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';

const EXAMPLE_ID = '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#0B7F5B8E:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';

/** Body of POST /v2/payee-destination. */
export class CreatePayeeDestinationDto {
  @ApiPropertyOptional({
    description:
      "The payee's wallet: EVM (0x...) or Tron (T...). Required with an API key; with a wallet session it defaults to the session's wallet.",
    example: '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7',
  })
  @IsOptional()
  @IsEvmOrTronAddress()
  walletAddress?: string;

  @ApiPropertyOptional({
    description:
      'Destination token as a currency id, `<SYMBOL>-<network>`: USDC or USDT (e.g. USDC-base, USDT-tron). Or send tokenAddress + chainId.',
    example: 'USDC-base',
  })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  currency?: string;

  @ApiPropertyOptional({
    description: "Request Network's form: the USDC or USDT contract (0x... or T...), with chainId",
    example: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  })
  @IsOptional()
  @IsEvmOrTronAddress()
  tokenAddress?: string;

  @ApiPropertyOptional({ description: 'Chain id of tokenAddress (728126428 for Tron)', example: 8453 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  chainId?: number;

  @ApiPropertyOptional({ description: 'Label shown in the dashboard, 1 to 100 characters', example: 'Treasury (Base USDC)' })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @Matches(/^[^<>]*$/, { message: 'label must not contain < or >' })
  label?: string;
}

/** Query of GET /v2/payee-destination. */
export class ListPayeeDestinationsQueryDto {
  @ApiPropertyOptional({ description: 'Only the destinations of this wallet' })
  @IsOptional()
  @IsEvmOrTronAddress()
  walletAddress?: string;

  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'Only active (true) or deactivated (false) destinations; both when absent' })
  @IsOptional()
  @IsIn(['true', 'false'])
  active?: 'true' | 'false';
}

/** A payee destination (after Request Network's destination object, with Payrail's currency, network and label). */
export class PayeeDestinationDto {
  @ApiProperty({ description: 'Row id (ULID)' }) id!: string;
  @ApiProperty({
    description: 'ERC-7828 interoperable name + ":" + token address; URL-encode it in paths (`#` is %23)',
    example: EXAMPLE_ID,
  })
  destinationId!: string;
  @ApiProperty({ example: '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7' }) walletAddress!: string;
  @ApiProperty({ example: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' }) tokenAddress!: string;
  @ApiProperty({ example: 8453 }) chainId!: number;
  @ApiProperty({ example: 'base' }) network!: string;
  @ApiProperty({ description: 'Currency id of the token', example: 'USDC-base' }) currency!: string;
  @ApiProperty({ type: String, nullable: true }) label!: string | null;
  @ApiProperty({ example: '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#0B7F5B8E' }) humanReadableInteropAddress!: string;
  @ApiProperty({ description: 'ERC-7930 v1 binary interoperable address, hex' }) binaryInteropAddress!: string;
  @ApiProperty({ description: 'False once deactivated (the record is kept)' }) active!: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) deactivatedAt!: string | null;
}

/** 200 of GET /v2/payee-destination. */
export class PayeeDestinationListDto {
  @ApiProperty({ type: [PayeeDestinationDto], description: 'Newest first' }) destinations!: PayeeDestinationDto[];
}
