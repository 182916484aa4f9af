import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEvmOrTronAddress } from '@payrail/chains';
import { IsOptional, IsString, Length } from 'class-validator';
import { IsDecimalAmount } from '../../payments/dto/validators.js';

/**
 * One item of POST /v2/secure-payments' `requests`: Request Network's current shape
 * `{destinationId, amount}` (payee, network and token from the platform's stored destination), or
 * the older `{payee, amount, invoiceCurrency, paymentCurrency}`.
 */
export class SecurePaymentItemDto {
  @ApiPropertyOptional({
    description:
      "A payee destination of the platform (POST /v2/payee-destination): ERC-7828 name + ':' + token address. Replaces payee and paymentCurrency; " +
      "the amount is in the destination's token unless invoiceCurrency names a fiat currency (converted at the current rate).",
    example: '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:11155111#A8E2C3B9:0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C',
  })
  @IsOptional()
  @IsString()
  @Length(1, 300)
  destinationId?: string;

  @ApiPropertyOptional({
    description:
      'Payee wallet: EVM (0x...) or Tron (T...); required without destinationId unless the Client ID is bound to a payee destination; refused with destinationId',
    example: '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7',
  })
  @IsOptional()
  @IsEvmOrTronAddress()
  payee?: string;

  @ApiProperty({
    description: 'Payable amount in human-readable format, in the invoice currency; at most as many decimals as that currency has',
    example: '10.5',
  })
  @IsString()
  @IsDecimalAmount()
  amount!: string;

  @ApiPropertyOptional({
    description: 'Currency id of the amount: a fiat code (converted at the current rate) or the payment currency. Required with payee.',
    example: 'USD',
  })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  invoiceCurrency?: string;

  @ApiPropertyOptional({
    description: 'Currency id from the token list, `<SYMBOL>-<network>`; required with payee, refused with a destination',
    example: 'fUSDC-sepolia',
  })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  paymentCurrency?: string;
}
