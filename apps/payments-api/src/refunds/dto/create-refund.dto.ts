import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsEvmOrTronAddress } from '@payrail/chains';
import { IsIn, IsOptional, IsString, Length } from 'class-validator';
import { IsDecimalAmount } from '../../payments/dto/validators.js';

/** Body of POST /v2/request/{requestId}/refunds. */
export class CreateRefundDto {
  @ApiPropertyOptional({
    description:
      'Amount to give back, a decimal string in the payment currency (the currency that was paid). Default: everything still ' +
      'refundable (paid minus earlier refunds that have not failed).',
    example: '2.5',
  })
  @IsOptional()
  @IsDecimalAmount()
  amount?: string;

  @ApiPropertyOptional({
    description:
      'Wallet to refund. Default: the wallet that sent the payment. Required when the payment came through a deposit address ' +
      '(an exchange withdrawal, whose sender is not the payer’s wallet).',
    example: '0x627306090abaB3A6e1400e9345bC60c78a8BEf57',
  })
  @IsOptional()
  @IsEvmOrTronAddress()
  refundAddress?: string;

  @ApiPropertyOptional({ description: 'The payment exception this refund resolves (stored and echoed).', maxLength: 64 })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  exceptionId?: string;

  @ApiPropertyOptional({
    description:
      'Who pays the refund back. `payee_wallet` (default): the payee’s wallet sends the answer’s `transactions`, up to what was paid. ' +
      '`deposit_forwarder`: funds held in the request’s deposit forwarder above the payment’s amount + fee (an overpaid transfer); ' +
      'the payee signs the answer’s `typedData` (POST …/{refundId}/signature) and the platform’s relayer sends it. ' +
      'An exception’s kind decides it (wrong_token and unsweepable: deposit_forwarder).',
    enum: ['payee_wallet', 'deposit_forwarder'],
  })
  @IsOptional()
  @IsIn(['payee_wallet', 'deposit_forwarder'])
  source?: 'payee_wallet' | 'deposit_forwarder';
}
