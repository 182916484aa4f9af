import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEvmOrTronAddress } from '@payrail/chains';
import { Type } from 'class-transformer';
import { IsObject, IsOptional, IsString, Length, ValidateIf, ValidateNested } from 'class-validator';
import { CustomerInfoDto } from './customer-info.dto.js';
import { RecurrenceDto } from './recurrence.dto.js';
import { IsAliasOf, IsDecimalAmount, IsFeePercentage, PayerIsNotPayee } from './validators.js';

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

/** `feePercentage`: optional, "2.5" means 2.5% (single and batch payouts). */
export const FeePercentageField = () =>
  applyDecorators(
    ApiPropertyOptional({ description: 'Fee percentage paid on top of the amount; "2.5" means 2.5%', example: '2.5' }),
    IsOptional(),
    IsString(),
    IsFeePercentage(),
  );

/** `feeAddress`: required with feePercentage. */
export const FeeAddressField = () =>
  applyDecorators(
    ApiPropertyOptional({ description: 'Fee recipient (EVM or Tron, on the payment network); required with feePercentage' }),
    ValidateIf((o: { feePercentage?: string; feeAddress?: string }) => o.feePercentage !== undefined || o.feeAddress !== undefined),
    IsEvmOrTronAddress({ message: 'feeAddress must be an EVM or Tron address (required when feePercentage is set)' }),
  );

/** Body of POST /v2/payouts (spec: Payout initiation request). */
export class InitiatePayoutDto extends PaymentTermsDto {
  @FeePercentageField() feePercentage?: string;
  @FeeAddressField() feeAddress?: string;

  @ApiPropertyOptional({ type: RecurrenceDto, description: 'Makes the payment recurring' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => RecurrenceDto)
  @PayerIsNotPayee()
  recurrence?: RecurrenceDto;

  @ApiPropertyOptional({ description: 'Payer wallet; its balances and allowance fill the metadata (see docs/api/payouts.md)' })
  @IsOptional()
  @IsEvmOrTronAddress()
  payerWallet?: string;

  @ApiPropertyOptional({ description: 'Alias of payerWallet; when both are given they must be the same address' })
  @IsOptional()
  @IsEvmOrTronAddress()
  @IsAliasOf('payerWallet')
  payerAddress?: string;

  @ApiPropertyOptional({ type: CustomerInfoDto, description: 'Customer information for merchant receipt tracking' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => CustomerInfoDto)
  customerInfo?: CustomerInfoDto;

  @ApiPropertyOptional({ minLength: 1, maxLength: 255, description: 'Merchant reference for receipt tracking' })
  @IsOptional()
  @IsString()
  @Length(1, 255)
  reference?: string;
}
