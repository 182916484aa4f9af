import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MULTICALL_STATUSES, SINGLE_SECURE_PAYMENT_STATUSES } from '@payrail/domain';
import { PageQueryDto } from '@payrail/platform';
import { IsIn, IsOptional } from 'class-validator';

export const LINK_STATUSES = [...new Set([...SINGLE_SECURE_PAYMENT_STATUSES, ...MULTICALL_STATUSES])];

/** Query of GET /v2/secure-payments: `status`, `type`, `limit`, `cursor`. */
export class ListPaymentLinksQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: LINK_STATUSES, description: 'The status a reader sees: an open payment past its expiry is expired' })
  @IsOptional()
  @IsIn(LINK_STATUSES)
  status?: string;

  @ApiPropertyOptional({ enum: ['single', 'multicall', 'batch'] })
  @IsOptional()
  @IsIn(['single', 'multicall', 'batch'])
  type?: 'single' | 'multicall' | 'batch';
}

/** A request behind a link; amounts are decimal strings of their currency. */
export class PaymentLinkRequestDto {
  @ApiProperty() requestId!: string;
  @ApiProperty({ example: 'base' }) network!: string;
  @ApiProperty() payee!: string;
  @ApiProperty({ example: 'pending' }) status!: string;
  @ApiProperty({ example: 'USD' }) invoiceCurrency!: string;
  @ApiProperty({ example: '10.5' }) invoiceAmount!: string;
  @ApiProperty({ example: 'USDC-base' }) paymentCurrency!: string;
  @ApiProperty({ example: '10.5' }) expectedAmount!: string;
  @ApiProperty({ example: '0' }) amountPaid!: string;
}

/** A multicall payout's child: a payment link of its own over one of the parent's requests. */
export class PaymentLinkChildDto {
  @ApiProperty() token!: string;
  @ApiProperty({ description: 'Position in the payout (0-based)' }) position!: number;
  @ApiProperty({ enum: SINGLE_SECURE_PAYMENT_STATUSES }) status!: string;
  @ApiProperty({ type: PaymentLinkRequestDto }) request!: PaymentLinkRequestDto;
}

export class PaymentLinkAccessPolicyDto {
  @ApiProperty({ type: [String] }) allowedPayerAddresses!: string[];
  @ApiProperty({ enum: ['off', 'kyt_all_wallets'] }) screening!: string;
  @ApiProperty() hidePayeeAddress!: boolean;
}

/** A payment link (single secure payment or multicall payout) of the platform. */
export class PaymentLinkDto {
  @ApiProperty({ description: 'The link token (ULID)' }) token!: string;
  @ApiProperty({ enum: ['single', 'multicall', 'batch'] }) type!: string;
  @ApiProperty({ enum: LINK_STATUSES, description: 'As a reader sees it (open and past expiry: expired)' }) status!: string;
  @ApiProperty({ description: 'The hosted page URL (copy it, or render it as a QR code)' }) securePaymentUrl!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Public Client ID it was created with; null when created with the API key or a session',
  })
  clientId!: string | null;
  @ApiProperty({ type: String, nullable: true }) reference!: string | null;
  @ApiProperty({ type: String, nullable: true }) redirectUrl!: string | null;
  @ApiProperty({ type: PaymentLinkAccessPolicyDto }) accessPolicy!: PaymentLinkAccessPolicyDto;
  @ApiProperty({ format: 'date-time' }) expiresAt!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) completedAt!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: [PaymentLinkRequestDto], description: 'A single payment: its request; a multicall: every child request, in order' })
  requests!: PaymentLinkRequestDto[];
  @ApiProperty({ type: [PaymentLinkChildDto], description: "A multicall payout's children in position order; empty for a single payment" })
  children!: PaymentLinkChildDto[];
}

export class PaymentLinkPageDto {
  @ApiProperty({ type: [PaymentLinkDto], description: 'Newest first' }) data!: PaymentLinkDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' })
  nextCursor!: string | null;
}
