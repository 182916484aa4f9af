import { ApiProperty } from '@nestjs/swagger';
import { EXCEPTION_KINDS, EXCEPTION_STATUSES, type ExceptionKind, type ExceptionResolution, type ExceptionStatus } from '@payrail/domain';

const RESOLUTIONS = ['within_tolerance', 'within_late_window', 'paid_in_full', 'reversed', 'accepted', 'remainder_paid'];

/** A payment exception (issue #35; docs/exceptions.md). */
export class PaymentExceptionDto {
  @ApiProperty({ description: 'Exception id (ULID)' }) id!: string;
  @ApiProperty({ description: 'The request it concerns' }) requestId!: string;
  @ApiProperty({ enum: EXCEPTION_KINDS }) kind!: ExceptionKind;
  @ApiProperty({ enum: EXCEPTION_STATUSES, description: '`open` and `remainder_requested` wait for a decision or a payment' })
  status!: ExceptionStatus;
  @ApiProperty({ enum: RESOLUTIONS, nullable: true, type: String, description: 'How it was resolved; null while undecided' })
  resolution!: ExceptionResolution | null;
  @ApiProperty({ example: 'sepolia' }) network!: string;
  @ApiProperty({ example: 'fUSDC-sepolia', description: "The request's payment currency" }) paymentCurrency!: string;
  @ApiProperty({ type: String, nullable: true, description: 'wrong_token: the contract of the token that arrived; null otherwise' })
  token!: string | null;
  @ApiProperty({ example: '10', description: 'What the request expects, in the payment currency' }) expectedAmount!: string;
  @ApiProperty({
    example: '9.5',
    description: 'What arrived: in the payment currency (in the other token for wrong_token, with its own decimals)',
  })
  receivedAmount!: string;
  @ApiProperty({ example: 'USD' }) invoiceCurrency!: string;
  @ApiProperty({ type: String, nullable: true, example: '10' }) expectedInvoiceAmount!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '9.5', description: 'receivedAmount at `rate`; null for another token' })
  receivedInvoiceAmount!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '1', description: 'Invoice currency per payment token unit' })
  rate!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'request',
    description: '`request`: the rate fixed when the request was created (its invoice amount over its expected amount)',
  })
  rateSource!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The transaction that raised (or last changed) it' }) txHash!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Its log index in that transaction' }) logIndex!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'The sending wallet, when the chain names it' }) payerAddress!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'request-remainder: the request of the remainder link' })
  remainderRequestId!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'request-remainder: the token of the remainder link' })
  remainderToken!: string | null;
  @ApiProperty({ format: 'date-time' }) detectedAt!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) resolvedAt!: string | null;
}
