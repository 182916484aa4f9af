import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { REQUEST_STATUSES } from '@payrail/domain';
import { CustomerInfoDto } from '../../payments/dto/customer-info.dto.js';
import { DepositDto } from '../../payments/dto/deposit.dto.js';

/** One request of the platform as its list shows it; amounts are decimal strings of their currency. */
export class RequestListItemDto {
  @ApiProperty() requestId!: string;
  @ApiProperty({ example: '0xb3581f0b0f74cc61' }) paymentReference!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Merchant reference' }) reference!: string | null;
  @ApiProperty({ enum: REQUEST_STATUSES }) status!: string;
  @ApiProperty({ description: 'status is paid or overpaid' }) hasBeenPaid!: boolean;
  @ApiProperty({ example: 'base' }) network!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Public Client ID that created it; null for an API key' })
  clientId!: string | null;
  @ApiProperty() payee!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Payer declared at creation' }) payer!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Sender of the first settled payment' }) payerAddress!: string | null;
  @ApiProperty({ example: 'USD' }) invoiceCurrency!: string;
  @ApiProperty({ example: '10.5' }) invoiceAmount!: string;
  @ApiProperty({ example: 'USDC-base' }) paymentCurrency!: string;
  @ApiProperty({ example: '10.5', description: 'What the payee is to receive (fee excluded), in the payment currency' })
  expectedAmount!: string;
  @ApiProperty({ example: '10.5' }) amountPaid!: string;
  @ApiProperty({ type: String, nullable: true }) feePercentage!: string | null;
  @ApiProperty({ example: '0.1' }) feeAmount!: string;
  @ApiProperty({ example: '0.1' }) feePaid!: string;
  @ApiProperty({ type: String, nullable: true }) feeAddress!: string | null;
  @ApiProperty({ type: String, nullable: true }) txHash!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) paidAt!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ enum: ['payout', 'invoice'], description: 'payout (POST /v2/payouts) or invoice (POST /v2/request)' }) kind!: string;
  @ApiProperty({ type: CustomerInfoDto, nullable: true, description: 'The customer given at creation (decrypted for the platform)' })
  customerInfo!: CustomerInfoDto | null;
}

export class RequestPageDto {
  @ApiProperty({ type: [RequestListItemDto], description: 'Newest first' }) data!: RequestListItemDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' })
  nextCursor!: string | null;
}

export class RequestTransferDto {
  @ApiProperty() txHash!: string;
  @ApiProperty() logIndex!: number;
  @ApiProperty({ example: '12345678', description: 'Decimal string' }) blockNumber!: string;
  @ApiProperty({ format: 'date-time' }) blockTimestamp!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Sender (null when the chain did not say)' }) from!: string | null;
  @ApiProperty() to!: string;
  @ApiProperty({ example: '10.5', description: 'To the payee, in the payment currency' }) amount!: string;
  @ApiProperty({ example: '0.1' }) feeAmount!: string;
  @ApiProperty() feeAddress!: string;
  @ApiProperty({ description: 'Counted by settlement (false: seen, awaiting confirmations)' }) settled!: boolean;
}

export class RequestDeliverySummaryDto {
  @ApiProperty({ description: 'Delivery id (x-service-delivery)' }) id!: string;
  @ApiProperty({ description: 'Endpoint id' }) webhookId!: string;
  @ApiProperty() url!: string;
  @ApiProperty({ example: 'payment.confirmed' }) eventType!: string;
  @ApiProperty({ enum: ['pending', 'succeeded', 'failed'] }) status!: string;
  @ApiProperty() attemptCount!: number;
  @ApiProperty({ type: Number, nullable: true }) lastStatusCode!: number | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) completedAt!: string | null;
}

/** A settled payment of the request (Request Network's payments[] item): a counted, confirmed transfer. */
export class RequestPaymentDto {
  @ApiProperty({ example: '10.5', description: 'Received by the payee, in the payment currency' }) amount!: string;
  @ApiProperty() txHash!: string;
  @ApiProperty({ format: 'date-time', description: 'Block time' }) timestamp!: string;
  @ApiProperty({ type: String, nullable: true }) payer!: string | null;
  @ApiProperty({ example: '0.1', description: 'Platform fee paid with it, in the payment currency' }) fee!: string;
}

export class RequestDetailDto extends RequestListItemDto {
  @ApiProperty({ type: [RequestPaymentDto], description: 'Its settled payments, newest first (at most 100)' })
  payments!: RequestPaymentDto[];
  @ApiProperty({
    type: [RequestTransferDto],
    description: 'Payments seen on chain for it, oldest first (block explorer links are built by the client from network and txHash)',
  })
  transfers!: RequestTransferDto[];
  @ApiProperty({
    type: [RequestDeliverySummaryDto],
    description: "Webhook deliveries of its events to the platform's endpoints, newest first (at most 50)",
  })
  webhookDeliveries!: RequestDeliverySummaryDto[];
  @ApiPropertyOptional({
    type: DepositDto,
    description:
      'Extension (pay by transfer): the deposit address, what it received, the sweep transaction and its gas cost; absent where none',
  })
  deposit?: DepositDto;
}
