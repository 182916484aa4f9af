import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DepositDto } from '../../payments/dto/deposit.dto.js';
import { PaymentExceptionDto } from '../../payments/dto/payment-exception.dto.js';
import { REQUEST_STATUSES } from '@payrail/domain';
import { CustomerInfoDto } from '../../payments/dto/customer-info.dto.js';
import { RequestRecordFieldsDto } from './request-record.dto.js';

/** 200 of GET /v2/request/{requestId}: Request Network's status record and Payrail's fields; amounts are decimal strings of their currency. */
export class RequestStatusDto extends RequestRecordFieldsDto {
  @ApiProperty() requestId!: string;
  @ApiProperty({ example: '0xb3581f0b0f74cc61' }) paymentReference!: string;
  @ApiProperty({
    enum: REQUEST_STATUSES,
    description:
      'pending until payment detection sees a payment; fee_short (extension): the expected amount arrived but the fees paid to feeAddress are short of feeAmount',
  })
  status!: string;
  @ApiProperty({ description: 'status is paid or overpaid (never fee_short)' }) hasBeenPaid!: boolean;
  @ApiProperty({ type: String, nullable: true }) txHash!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) paidAt!: string | null;
  @ApiProperty({ example: 'sepolia' }) network!: string;
  @ApiProperty({
    description: 'With a Client ID, masked (0x1234…abcd) when a secure payment over the request hides its payee (hidePayeeAddress)',
  })
  payee!: string;
  @ApiProperty({ type: String, nullable: true }) payer!: string | null;
  @ApiProperty({ example: 'USD' }) invoiceCurrency!: string;
  @ApiProperty({ example: '10.5', description: 'In the invoice currency' }) invoiceAmount!: string;
  @ApiProperty({ example: 'fUSDC-sepolia' }) paymentCurrency!: string;
  @ApiProperty({ example: '10.5', description: 'What the payee is to receive, in the payment currency (fee excluded)' })
  expectedAmount!: string;
  @ApiProperty({ example: '0', description: 'Detected so far, in the payment currency' }) amountPaid!: string;
  @ApiProperty({ type: String, nullable: true }) feePercentage!: string | null;
  @ApiProperty({ example: '0.2625', description: 'The fee expected with the payment, to feeAddress' }) feeAmount!: string;
  @ApiProperty({ example: '0', description: 'Fees paid to feeAddress with the counted payments so far (extension)' }) feePaid!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Masked with the payee (see payee)' }) feeAddress!: string | null;
  @ApiProperty({
    type: CustomerInfoDto,
    nullable: true,
    description: 'Decrypted for the API key only; always null with a Client ID (public: it ships in checkout pages)',
  })
  customerInfo!: CustomerInfoDto | null;
  @ApiProperty({ type: String, nullable: true }) reference!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiPropertyOptional({
    type: DepositDto,
    description: 'Extension (pay by transfer): the deposit address and what it received so far; absent where the request has none',
  })
  deposit?: DepositDto;

  @ApiProperty({
    type: [PaymentExceptionDto],
    description: 'Extension (issue #35): the payment exceptions of this request (underpaid, overpaid, late, ...), oldest first',
  })
  exceptions!: PaymentExceptionDto[];
}
