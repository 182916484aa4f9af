import { ApiProperty } from '@nestjs/swagger';
import { PAYMENT_TYPES } from '@payrail/persistence';
import { CustomerInfoDto } from '../../payments/dto/customer-info.dto.js';

/** A fee paid with the payment (the platform fee through the fee proxy). */
export class PaymentFeeDto {
  @ApiProperty({ enum: ['gas', 'platform', 'crosschain', 'crypto-to-fiat', 'offramp'], example: 'platform' }) type!: string;
  @ApiProperty({ enum: ['sending', 'receiving', 'proxying', 'refunding'], example: 'sending' }) stage!: string;
  @ApiProperty({ example: 'payrail', description: 'payrail: the platform fee, paid with the payment through the fee proxy' })
  provider!: string;
  @ApiProperty({ example: '0.1', description: 'Decimal string of the payment currency' }) amount!: string;
  @ApiProperty({ example: 'USDC', description: 'Symbol of the payment currency' }) currency!: string;
  @ApiProperty({ description: 'The fee address' }) receiverAddress!: string;
  @ApiProperty({ example: 'base' }) network!: string;
}

/** The request a payment paid. */
export class PaymentRequestDto {
  @ApiProperty() requestId!: string;
  @ApiProperty({ example: '0xb3581f0b0f74cc61' }) paymentReference!: string;
  @ApiProperty({ description: 'Whether the request is fully paid now (paid or overpaid)' }) hasBeenPaid!: boolean;
  @ApiProperty({ type: CustomerInfoDto, nullable: true, description: 'Decrypted for the platform (API key or dashboard session)' })
  customerInfo!: CustomerInfoDto | null;
  @ApiProperty({ type: String, nullable: true, description: 'Merchant reference' }) reference!: string | null;
}

/** One settled payment: a transfer detected on chain, confirmed, that counts toward one of the platform's requests. */
export class SearchedPaymentDto {
  @ApiProperty({ example: 'base:0x1234…cdef:3', description: 'Stable id of the payment: network, transaction hash and log index' })
  id!: string;
  @ApiProperty({ example: '10.5', description: 'Received by the payee, decimal string of the payment currency (fee excluded)' })
  amount!: string;
  @ApiProperty({ example: 'base' }) sourceNetwork!: string;
  @ApiProperty({ example: 'base', description: 'The same network (payments are same-chain)' }) destinationNetwork!: string;
  @ApiProperty({ type: String, nullable: true }) sourceTxHash!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Always null (same-chain payments)' }) destinationTxHash!: string | null;
  @ApiProperty({ format: 'date-time', description: 'Time of the block that holds the payment' }) timestamp!: string;
  @ApiProperty({ enum: PAYMENT_TYPES }) type!: string;
  @ApiProperty({ type: String, nullable: true, description: 'null: no rate is recorded per payment' }) conversionRateSource!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'null: no rate is recorded per payment' }) conversionRateDestination!:
    string | null;
  @ApiProperty({ type: String, nullable: true, description: 'null' }) convertedAmountSource!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'null' }) convertedAmountDestination!: string | null;
  @ApiProperty({ example: 'USD', description: 'Invoice currency symbol' }) currency!: string;
  @ApiProperty({ example: 'USDC', description: 'Payment currency symbol' }) paymentCurrency!: string;
  @ApiProperty({ type: [PaymentFeeDto], nullable: true, description: 'The platform fee paid with it; null when none' })
  fees!: PaymentFeeDto[] | null;
  @ApiProperty({ type: String, nullable: true, description: 'The recurring payout this payment executed' }) recurringPaymentId!:
    string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['lifi', 'chainlink', 'coingecko', 'unknown'],
    description: 'null: no rate is recorded per payment',
  })
  rateProvider!: string | null;
  @ApiProperty({ example: 'request-network', description: 'How it was confirmed: Request Network fee-proxy events read from the chain' })
  detectionSource!: string;
  @ApiProperty({ type: PaymentRequestDto }) request!: PaymentRequestDto;
  @ApiProperty({ example: 'USDC-base', description: 'Extension: the payment currency id' }) paymentCurrencyId!: string;
  @ApiProperty({ example: 'USD', description: 'Extension: the invoice currency id' }) currencyId!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Extension: the sender (null when the chain did not say)' }) payer!:
    string | null;
  @ApiProperty({ description: 'Extension: the recipient (the request’s payee)' }) payee!: string;
  @ApiProperty({ example: '12345678', description: 'Extension: block number, decimal string' }) blockNumber!: string;
  @ApiProperty({ description: 'Extension: index of the payment’s log in its block' }) logIndex!: number;
}

export class PaymentSearchPaginationDto {
  @ApiProperty({ example: 157, description: 'Payments matching the search, counted up to 10000 (hasMore and nextCursor go further)' })
  total!: number;
  @ApiProperty({ example: 20 }) limit!: number;
  @ApiProperty({ example: 0, description: 'The offset asked (0 when paging by cursor)' }) offset!: number;
  @ApiProperty({ description: 'Whether more payments follow this page' }) hasMore!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'Extension: pass as `cursor` for the next page; null on the last page' })
  nextCursor!: string | null;
}

/** 200 of GET /v2/payments. */
export class PaymentSearchDto {
  @ApiProperty({ type: [SearchedPaymentDto], description: 'Newest first (block time, then detection order)' })
  payments!: SearchedPaymentDto[];
  @ApiProperty({ type: PaymentSearchPaginationDto }) pagination!: PaymentSearchPaginationDto;
}
