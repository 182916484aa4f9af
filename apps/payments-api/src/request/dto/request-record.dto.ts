import { ApiProperty } from '@nestjs/swagger';
import { RefundSummaryDto } from '../../payments/dto/refund-summary.dto.js';
import { INVOICE_FREQUENCIES } from './create-request.dto.js';

export class RecordFeeDto {
  @ApiProperty({ enum: ['platform'], description: 'Payrail charges only the platform fee (the fee proxy’s fee to feeAddress)' })
  type!: string;
  @ApiProperty({ example: 'payrail' }) provider!: string;
  @ApiProperty({ example: '0.1025', description: 'In the currency, human-readable' }) amount!: string;
  @ApiProperty({ example: 'fUSDC-sepolia' }) currency!: string;
}

export class RecordPaymentDto {
  @ApiProperty({ example: '10.25', description: 'Paid to the payee by this transfer, in the payment currency' }) amount!: string;
  @ApiProperty({ example: 'fUSDC-sepolia' }) currency!: string;
  @ApiProperty({ example: '0x5f6c…' }) txHash!: string;
  @ApiProperty({ format: 'date-time', description: "The block's time" }) timestamp!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The sender of the transaction (null when the chain does not name it)' })
  payer!: string | null;
  @ApiProperty({ type: [RecordFeeDto], description: 'The fee paid with this transfer (empty when none)' }) fees!: RecordFeeDto[];
}

export class RecordRecurrenceDto {
  @ApiProperty({ format: 'date-time', description: 'When period 0 (the request POST /v2/request created) starts' }) startDate!: string;
  @ApiProperty({ enum: INVOICE_FREQUENCIES }) frequency!: string;
}

/** Request Network's status record fields of GET /v2/request/{requestId} (Payrail's own fields follow in RequestStatusDto). */
export class RequestRecordFieldsDto {
  @ApiProperty({ description: 'Payment detection watches the request: true until it has been paid' }) isListening!: boolean;
  @ApiProperty({
    type: RecordRecurrenceDto,
    nullable: true,
    description: 'A recurring invoice’s recurrence (on the first request and on every period’s request); null otherwise',
  })
  recurrence!: RecordRecurrenceDto | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'A later period of a recurring invoice: the series’ first request; or the request named at creation; else null',
  })
  originalRequestId!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The payment reference of originalRequestId' })
  originalRequestPaymentReference!: string | null;
  @ApiProperty({ description: 'Given at creation; the crypto-to-fiat off-ramp is not offered yet' }) isCryptoToFiatAvailable!: boolean;
  @ApiProperty({ description: 'PATCH /v2/request/{requestId} stopped the series (shown on every request of it)' })
  isRecurrenceStopped!: boolean;
  @ApiProperty({ type: [RecordPaymentDto], description: 'Each settled transfer counted toward the request, oldest first' })
  payments!: RecordPaymentDto[];
  @ApiProperty({ type: [RefundSummaryDto], description: 'Payrail extension: the request’s refunds, oldest first (issue #35)' })
  refunds!: RefundSummaryDto[];
  @ApiProperty({ type: String, nullable: true, example: '10.25', description: 'The invoice amount when invoiced in USD; null otherwise' })
  amountInUsd!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '3012.5',
    description: 'Conversion requests: the invoice currency’s price of one unit of the payment currency, fixed at creation; null otherwise',
  })
  conversionRate!: string | null;
  @ApiProperty({
    enum: ['chainlink', 'unknown'],
    description: 'chainlink: the on-chain price feeds of a conversion; unknown: no conversion',
  })
  rateSource!: string;
  @ApiProperty({
    type: Object,
    nullable: true,
    description: 'Always null: per-payment conversion is not tracked (the rate is fixed at creation)',
  })
  conversionBreakdown!: null;
  @ApiProperty({ type: [RecordFeeDto], description: 'Fees paid so far (empty when unpaid)' }) fees!: RecordFeeDto[];
  @ApiProperty({ type: String, nullable: true, description: 'The sender of the latest counted transfer, else the payer given at creation' })
  payerAddress!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Same as payerAddress (Payrail sees no smart-account payers)' })
  payerEoaAddress!: string | null;
}
