import { ApiProperty } from '@nestjs/swagger';
import { REFUND_STATUSES } from '@payrail/persistence';

/** A refund of a request without its transactions (issue #35): `refunds[]` of GET /v2/request/{id}. */
export class RefundSummaryDto {
  @ApiProperty({ example: '01JD3Y2ZK8Q7V6W5X4T3S2R1P0' }) id!: string;
  @ApiProperty() requestId!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The payment exception it resolves, or null' }) exceptionId!: string | null;
  @ApiProperty({ description: 'Decimal string in the payment currency', example: '2.5' }) amount!: string;
  @ApiProperty({ description: 'The payment currency (what was paid)', example: 'fUSDC-sepolia' }) currency!: string;
  @ApiProperty({ example: 'sepolia' }) network!: string;
  @ApiProperty({
    description: 'Who pays it back: the request’s payee (payee_wallet), or the deposit address’s forwarder (deposit_forwarder)',
  })
  from!: string;
  @ApiProperty({ description: 'The wallet refunded' }) to!: string;
  @ApiProperty({
    enum: REFUND_STATUSES,
    description:
      'awaiting_signature (created), submitted (its transaction was seen; a deposit_forwarder refund: signed, handed to the relayer), ' +
      'confirmed (under the network’s confirmations), failed (a reorg removed its confirmed transaction; its transaction reverted; ' +
      'the relayer could not send it), cancelled (given up while awaiting_signature: its amount is free again)',
  })
  status!: string;
  @ApiProperty({ description: 'The refund’s own payment reference (its fee-proxy call carries it)', example: '0x5d1c2a0e7f3b9a41' })
  paymentReference!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The refund’s transaction once detection saw it' }) txHash!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why it failed (`reorg`, `reverted`, the forwarder’s error such as `ExceedsRefundable`) or `cancelled`; else null',
  })
  failureReason!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) confirmedAt!: string | null;
  @ApiProperty({
    enum: ['payee_wallet', 'deposit_forwarder'],
    description:
      'payee_wallet: the payee’s wallet sends `transactions`; deposit_forwarder: the payee signs `typedData`, the relayer sends it',
  })
  source!: string;
}
