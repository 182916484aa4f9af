import { ApiProperty } from '@nestjs/swagger';
import { IsEvmOrTronAddress } from '@payrail/chains';
import { IsString, Length } from 'class-validator';
import { IsDecimalAmount } from './validators.js';

/** The fields a payment needs; batch items are exactly these. */
export class PaymentTermsDto {
  @ApiProperty({ description: 'Payee wallet: EVM (0x...) or Tron (T...)', example: '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7' })
  @IsEvmOrTronAddress()
  payee!: string;

  @ApiProperty({
    description: 'Payable amount in human-readable format, in the invoice currency; at most as many decimals as that currency has',
    example: '10.5',
  })
  @IsString()
  @IsDecimalAmount()
  amount!: string;

  @ApiProperty({
    description: 'Currency id from the token list: a fiat code (converted at the current rate) or the payment currency',
    example: 'USD',
  })
  @IsString()
  @Length(1, 100)
  invoiceCurrency!: string;

  @ApiProperty({ description: 'Currency id from the token list, `<SYMBOL>-<network>`', example: 'fUSDC-sepolia' })
  @IsString()
  @Length(1, 100)
  paymentCurrency!: string;
}
