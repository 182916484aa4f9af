import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsEvmOrTronAddress } from '@payrail/chains';
import { IsOptional } from 'class-validator';
import { IsDecimalAmount } from '../../payments/dto/validators.js';

/** Body of POST /v2/exceptions/{id}/refund. */
export class RefundExceptionDto {
  @ApiPropertyOptional({
    description:
      'Amount to give back, a decimal string in the payment currency. Default: for `overpaid` the excess received above the ' +
      'expected amount; for underpaid, late, unexpected_payer and screening_rejected everything received. Never more than is ' +
      'still refundable on the request (409).',
    example: '0.5',
  })
  @IsOptional()
  @IsDecimalAmount()
  amount?: string;

  @ApiPropertyOptional({
    description: 'Wallet to refund. Default: the wallet that sent the payment. Required when the payment came through a deposit address.',
    example: '0x627306090abaB3A6e1400e9345bC60c78a8BEf57',
  })
  @IsOptional()
  @IsEvmOrTronAddress()
  refundAddress?: string;
}
