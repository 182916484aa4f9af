import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsEvmOrTronAddress } from '@payrail/chains';
import { Type } from 'class-transformer';
import { IsObject, IsOptional, IsString, Length, ValidateIf, ValidateNested } from 'class-validator';
import { CustomerInfoDto } from '../../payments/dto/customer-info.dto.js';
import { PaymentTermsDto } from '../../payments/dto/payment-terms.dto.js';
import { RecurrenceDto } from './recurrence.dto.js';
import { IsAliasOf, IsFeePercentage, PayerIsNotPayee } from '../../payments/dto/validators.js';

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
export class InitiatePayoutDto extends OmitType(PaymentTermsDto, ['payee'] as const) {
  @ApiPropertyOptional({
    description:
      'Payee wallet: EVM (0x...) or Tron (T...). May be omitted by a Client ID bound to a payee destination (its wallet is the payee).',
    example: '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7',
  })
  @IsOptional()
  @IsEvmOrTronAddress()
  payee?: string;

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
