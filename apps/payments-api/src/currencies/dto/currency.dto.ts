import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CURRENCY_TYPES } from '@payrail/chains';

/** The currency object (Request Network token list entry), for the OpenAPI document. */
export class CurrencyDto {
  @ApiProperty({
    description: 'Currency id: `<SYMBOL>-<network>`, natives as Request Network writes them, fiat bare',
    example: 'USDC-base',
  })
  id: string;

  @ApiProperty({ example: 'USD Coin' })
  name: string;

  @ApiProperty({ example: 'USDC' })
  symbol: string;

  @ApiProperty({ type: 'integer', example: 6 })
  decimals: number;

  @ApiProperty({
    description: 'Token contract (EIP-55, or base58 on Tron); zero address for natives; ASCII pseudo address for fiat',
    example: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  })
  address: string;

  @ApiProperty({ description: 'Network name ("matic" is Polygon); "fiat" for ISO 4217 currencies', example: 'base' })
  network: string;

  @ApiProperty({ enum: CURRENCY_TYPES, description: 'ETH means the native currency of its chain', example: 'ERC20' })
  type: string;

  @ApiProperty({
    description: 'Tokens: the address; others: the Request Network currency hash',
    example: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  })
  hash: string;

  @ApiProperty({ type: 'integer', description: 'EIP-155 chain id; 0 for fiat', example: 8453 })
  chainId: number;
}

export class ConversionRoutesDto {
  @ApiProperty({ description: 'The invoice currency', example: 'EUR' })
  currencyId: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'The network asked for (null: all networks); absent when `networks` was given',
  })
  network?: string | null;

  @ApiPropertyOptional({ type: [String], description: 'The networks asked for, when `networks` was given' })
  networks?: string[];

  @ApiProperty({ type: [CurrencyDto], description: 'Payment currencies with a rate for the invoice currency' })
  conversionRoutes: CurrencyDto[];
}
