import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEvmOrTronAddress } from '@payrail/chains';
import { IsOptional, IsString, Length } from 'class-validator';
import { IsDecimalAmount } from '../../payments/dto/validators.js';
import { LinkOptionsDto } from './create-secure-payment.dto.js';

/** Body of POST /v2/secure-payments/payouts (after Request Network's shape): a single payout link. */
export class PayoutLinkDto extends LinkOptionsDto {
  @ApiProperty({ description: 'Who is paid: EVM (0x...) or Tron (T...)' }) @IsEvmOrTronAddress() recipient!: string;

  @ApiProperty({ description: "Network of the payout; must be the currency's", example: 'sepolia' })
  @IsString()
  @Length(1, 32)
  network!: string;

  @ApiProperty({ description: 'Currency id paid (and invoiced), `<SYMBOL>-<network>`', example: 'fUSDC-sepolia' })
  @IsString()
  @Length(1, 100)
  currency!: string;

  @ApiProperty({ example: '25' }) @IsString() @IsDecimalAmount() amount!: string;

  @ApiPropertyOptional({ description: 'The wallet of whoever creates the link (kept by Request Network; not stored here)' })
  @IsOptional()
  @IsEvmOrTronAddress()
  creatorWalletAddress?: string;

  @ApiPropertyOptional({ description: 'Merchant reference, 1 to 255 characters' })
  @IsOptional()
  @IsString()
  @Length(1, 255)
  reference?: string;
}
