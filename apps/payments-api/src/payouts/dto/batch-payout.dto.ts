import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsEvmOrTronAddress } from '@payrail/chains';
import { REQUEST_ID_PATTERN } from '@payrail/domain';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsOptional, Matches, ValidateNested } from 'class-validator';
import { PaymentTermsDto } from '../../payments/dto/payment-terms.dto.js';
import { FeeAddressField, FeePercentageField } from './initiate-payout.dto.js';

/** Most payments one batch transaction carries. */
export const MAX_BATCH_SIZE = 100;

/** Body of POST /v2/payouts/batch: new payments (`requests`) or pending requests (`requestIds`), not both. */
export class BatchPayoutDto {
  @ApiPropertyOptional({
    type: [PaymentTermsDto],
    minItems: 1,
    maxItems: MAX_BATCH_SIZE,
    description: 'Payments to create and pay; all on one EVM network',
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_BATCH_SIZE)
  @ValidateNested({ each: true })
  @Type(() => PaymentTermsDto)
  requests?: PaymentTermsDto[];

  @ApiPropertyOptional({
    type: [String],
    minItems: 1,
    maxItems: MAX_BATCH_SIZE,
    description: 'Pending requests of the caller to pay together',
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_BATCH_SIZE)
  @Matches(REQUEST_ID_PATTERN, { each: true, message: 'each of requestIds must be 01 followed by 64 lowercase hex digits' })
  requestIds?: string[];

  @ApiPropertyOptional({ description: 'Payer wallet; its balances and allowances fill the metadata' })
  @IsOptional()
  @IsEvmOrTronAddress()
  payer?: string;

  @FeePercentageField() feePercentage?: string;
  @FeeAddressField() feeAddress?: string;
}
