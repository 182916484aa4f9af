import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The access decision for the wallet reading the page (views/single-view.ts AccessDecision). */
export class AccessDecisionDto {
  @ApiProperty({ enum: ['approved', 'rejected', 'not_evaluated'] }) status!: 'approved' | 'rejected' | 'not_evaluated';
  @ApiProperty({ type: String, nullable: true, description: 'The canonical wallet the decision is about; null when none was presented' })
  walletAddress!: string | null;
  @ApiProperty({
    enum: ['no_policy', 'allowlisted', 'no_wallet', 'wallet_not_proven', 'screened', 'screening_rejected', 'screening_unavailable'],
  })
  reason!: 'no_policy' | 'allowlisted' | 'no_wallet' | 'wallet_not_proven' | 'screened' | 'screening_rejected' | 'screening_unavailable';
}

/** Extension: a wallet the access policy refuses paid anyway. */
export class PayerViolationDto {
  @ApiProperty({ enum: ['payer_not_allowed', 'payer_screening_rejected'] }) reason!: 'payer_not_allowed' | 'payer_screening_rejected';
  @ApiProperty({ type: String, nullable: true }) payerAddress!: string | null;
  @ApiProperty() txHash!: string;
}

/** One source of `paymentOptions[CHAIN][TOKEN]`: the holder's balance against what the payment needs in that token. */
export class PaymentOptionDto {
  @ApiProperty({
    type: String,
    nullable: true,
    description: "Human-readable, in the token's decimals; null when unavailable",
    example: '20',
  })
  balance!: string | null;
  @ApiProperty({ type: Boolean, nullable: true, description: 'balance >= neededAmount; null when unavailable' })
  hasEnoughBalance!: boolean | null;
  @ApiProperty({ description: 'Amount plus fee at par in this token, rounded up to its decimals', example: '12.75' })
  neededAmount!: string;
  @ApiPropertyOptional({ enum: ['rpc_timeout', 'rpc_error', 'no_rpc'], description: 'Why the balance could not be read' })
  unavailable?: 'rpc_timeout' | 'rpc_error' | 'no_rpc';
}
