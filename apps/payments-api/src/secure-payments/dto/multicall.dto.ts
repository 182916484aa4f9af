import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsOptional, IsString, Length, ValidateNested } from 'class-validator';
import { PaymentTermsDto } from '../../payments/dto/payment-terms.dto.js';
import { LinkOptionsDto } from './create-secure-payment.dto.js';

export const MAX_MULTICALL_CHILDREN = 20;

/** One child of a multicall payout: a payment with its own reference. */
export class MulticallChildDto extends PaymentTermsDto {
  @ApiPropertyOptional({ description: 'Merchant reference of this child, 1 to 255 characters' })
  @IsOptional()
  @IsString()
  @Length(1, 255)
  reference?: string;
}

/** Body of POST /v2/secure-payments/multicall-payouts: several payouts on one page, one payment currency. */
export class CreateMulticallDto extends LinkOptionsDto {
  @ApiProperty({ type: [MulticallChildDto], description: `2 to ${MAX_MULTICALL_CHILDREN} payouts, all in one payment currency` })
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(MAX_MULTICALL_CHILDREN)
  @ValidateNested({ each: true })
  @Type(() => MulticallChildDto)
  payouts!: MulticallChildDto[];
}
