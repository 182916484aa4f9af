import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Length } from 'class-validator';
import { IsDecimalAmount } from '../../payments/dto/validators.js';

/** Body of POST /v2/secure-payments/fees/preview (Request Network's shape). */
export class FeePreviewDto {
  @ApiProperty({ description: 'Gross amount, human-readable, in `currency` (e.g. "12.5")', example: '100' })
  @IsString()
  @IsDecimalAmount()
  amount!: string;

  @ApiProperty({
    description: 'Payment currency id from the token list, `<SYMBOL>-<network>` (what the link would be paid in)',
    example: 'USDC-base',
  })
  @IsString()
  @Length(1, 100)
  currency!: string;

  @ApiProperty({ enum: ['get_paid', 'pay'], description: '`get_paid`: a payment link (POST /v2/secure-payments); `pay`: a payout' })
  @IsIn(['get_paid', 'pay'], { message: 'flow must be get_paid or pay' })
  flow!: 'get_paid' | 'pay';

  @ApiPropertyOptional({
    enum: ['payer', 'payee'],
    description: "The plan's defaultFeeBearer; each fee's own configured bearer still wins (every Payrail fee names one)",
  })
  @IsOptional()
  @IsIn(['payer', 'payee'], { message: 'defaultFeeBearer must be payer or payee' })
  defaultFeeBearer?: 'payer' | 'payee';
}
