import { DunningStateDto } from './dunning-state.dto.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEvmOrTronAddress, NETWORK_NAMES } from '@payrail/chains';
import { RECURRING_STATUSES } from '@payrail/persistence';
import { PageQueryDto } from '@payrail/platform';
import { IsIn, IsOptional } from 'class-validator';

/** Query of GET /v2/payouts/recurring. */
export class ListRecurringQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: RECURRING_STATUSES }) @IsOptional() @IsIn(RECURRING_STATUSES) status?: string;
  @ApiPropertyOptional({ enum: NETWORK_NAMES }) @IsOptional() @IsIn(NETWORK_NAMES) network?: string;
  @ApiPropertyOptional({ description: 'The subscriber (payer) wallet, EVM or Tron' }) @IsOptional() @IsEvmOrTronAddress() payer?: string;
}

/** One recurring payment; amounts are decimal strings of their currency. */
export class RecurringListItemDto extends DunningStateDto {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: RECURRING_STATUSES }) status!: string;
  @ApiProperty({ example: 'base' }) network!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Public Client ID that created it; null for an API key' })
  clientId!: string | null;
  @ApiProperty({ description: 'The subscriber: the wallet that signed the permit, and sends the allowance decrease on cancel' })
  payer!: string;
  @ApiProperty() payee!: string;
  @ApiProperty({ description: 'Token contract the allowance is given in' }) token!: string;
  @ApiProperty({ description: 'The recurring proxy (the allowance spender)' }) recurringProxy!: string;
  @ApiProperty({ example: 'USDC-base' }) paymentCurrency!: string;
  @ApiProperty({ example: 'USD' }) invoiceCurrency!: string;
  @ApiProperty({ example: '10', description: 'Invoice amount of each payment' }) invoiceAmount!: string;
  @ApiProperty({ example: '10', description: 'What each payment pays the payee, in the payment currency' }) amountPerPayment!: string;
  @ApiProperty({ example: 'MONTHLY' }) frequency!: string;
  @ApiProperty() totalPayments!: number;
  @ApiProperty() processedPayments!: number;
  @ApiProperty() remainingPayments!: number;
  @ApiProperty({ example: '20', description: 'amountPerPayment x remainingPayments' }) remainingAmount!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'Due time of the next payment; null unless it runs' })
  nextPaymentDate!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) lastPaymentDate!: string | null;
  @ApiProperty() failureCount!: number;
  @ApiProperty({ type: String, nullable: true }) failureReason!: string | null;
  @ApiProperty({ type: String, nullable: true }) reference!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class RecurringPageDto {
  @ApiProperty({ type: [RecurringListItemDto], description: 'Newest first' }) data!: RecurringListItemDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' })
  nextCursor!: string | null;
}
