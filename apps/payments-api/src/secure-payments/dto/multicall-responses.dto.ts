import { ApiProperty } from '@nestjs/swagger';
import { BrandingResponseDto, FeePlanDto } from './page-shapes.dto.js';

class CreatedChildDto {
  @ApiProperty() securePaymentToken!: string;
  @ApiProperty() requestId!: string;
  @ApiProperty({ type: 'integer' }) position!: number;
}

/** 201 of POST /v2/secure-payments/multicall-payouts. */
export class CreatedMulticallDto {
  @ApiProperty({ description: 'Multicall payout token (ULID)' }) token!: string;
  @ApiProperty() securePaymentUrl!: string;
  @ApiProperty({ type: [String] }) requestIds!: string[];
  @ApiProperty({ type: [CreatedChildDto] }) children!: CreatedChildDto[];
}

const NULLABLE = { type: String, nullable: true } as const;

class ChildContextDto {
  @ApiProperty() requestId!: string;
  @ApiProperty(NULLABLE) securePaymentToken!: string | null;
  @ApiProperty({ type: 'integer' }) position!: number;
  @ApiProperty() hasBeenPaid!: boolean;
  @ApiProperty(NULLABLE) securePaymentStatus!: string | null;
  @ApiProperty(NULLABLE) requestStatus!: string | null;
  @ApiProperty({ ...NULLABLE, format: 'date-time' }) expiresAt!: string | null;
  @ApiProperty(NULLABLE) network!: string | null;
  @ApiProperty(NULLABLE) currency!: string | null;
}

class MulticallChildStateDto {
  @ApiProperty() securePaymentToken!: string;
  @ApiProperty() requestId!: string;
  @ApiProperty({ type: 'integer' }) position!: number;
  @ApiProperty() executable!: boolean;
  @ApiProperty({ ...NULLABLE, enum: ['not_found', 'already_paid', 'expired', 'invalidated', 'compliance_failed'] })
  blockReason!: string | null;
  @ApiProperty({ ...NULLABLE, example: 'multicall.child.expired' }) messageKey!: string | null;
  @ApiProperty({ type: ChildContextDto }) context!: ChildContextDto;
  @ApiProperty({ ...NULLABLE, enum: ['remove_child'] }) recoveryAction!: string | null;
  @ApiProperty({ type: FeePlanDto, nullable: true, description: 'Null when no fee applies' }) feePlan!: FeePlanDto | null;
  @ApiProperty(NULLABLE) amount!: string | null;
  @ApiProperty(NULLABLE) payee!: string | null;
  @ApiProperty(NULLABLE) reference!: string | null;
}

class CurrencyTotalDto {
  @ApiProperty() network!: string;
  @ApiProperty() currency!: string;
  @ApiProperty() totalAmount!: string;
}

class AmountSummaryDto {
  @ApiProperty() grossAmount!: string;
  @ApiProperty() netRecipientAmount!: string;
  @ApiProperty() totalFees!: string;
  @ApiProperty() payeeBorneFees!: string;
  @ApiProperty() payerBorneFees!: string;
  @ApiProperty() payerTotal!: string;
}

class MulticallTotalsDto {
  @ApiProperty({ type: 'integer' }) childCount!: number;
  @ApiProperty({ type: 'integer' }) blockedChildCount!: number;
  @ApiProperty({ type: [CurrencyTotalDto] }) byDestinationCurrency!: CurrencyTotalDto[];
  @ApiProperty({ type: AmountSummaryDto }) amountSummary!: AmountSummaryDto;
}

class MulticallAnalyticsDto {
  @ApiProperty({ format: 'date-time' }) creationTimestamp!: string;
  @ApiProperty({ ...NULLABLE, example: '2250.00' }) totalPaymentAmountUsd!: string | null;
  @ApiProperty({ ...NULLABLE, example: '0.00' }) protocolFeeAmountUsd!: string | null;
  @ApiProperty({ ...NULLABLE, example: '45.00' }) orchestratorPayerFeeAmountUsd!: string | null;
  @ApiProperty({ ...NULLABLE, example: '0.00' }) orchestratorRecipientFeeAmountUsd!: string | null;
  @ApiProperty({ ...NULLABLE, enum: ['usd_rate_unavailable', 'usd_rate_source_unavailable'] })
  feeAmountsUsdUnavailableReason!: string | null;
  @ApiProperty({ type: 'integer' }) numberOfPaymentsExcludingFees!: number;
  @ApiProperty({ type: [String] }) destinationIds!: string[];
  @ApiProperty(NULLABLE) payoutKytProvider!: string | null;
}

/** 200 of GET /v2/secure-payments/multicall-payouts/{token}: the spec's multicall payout state. */
export class MulticallStateDto {
  @ApiProperty({ enum: ['multicall'] }) paymentType!: string;
  @ApiProperty({ enum: ['pending', 'expired', 'completed', 'partially_settled', 'invalidated'] }) status!: string;
  @ApiProperty(NULLABLE) redirectUrl!: string | null;
  @ApiProperty(NULLABLE) redirectLabel!: string | null;
  @ApiProperty(NULLABLE) orchestratorId!: string | null;
  @ApiProperty({ type: BrandingResponseDto }) branding!: BrandingResponseDto;
  @ApiProperty({ type: MulticallAnalyticsDto }) analytics!: MulticallAnalyticsDto;
  @ApiProperty({ type: [String] }) requestIds!: string[];
  @ApiProperty() token!: string;
  @ApiProperty() canExecute!: boolean;
  @ApiProperty({ format: 'date-time' }) expiresAt!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: [MulticallChildStateDto] }) children!: MulticallChildStateDto[];
  @ApiProperty({ type: MulticallTotalsDto }) totals!: MulticallTotalsDto;
  @ApiProperty({ type: 'object', properties: {}, description: 'Always {}: the state is passive' }) paymentOptions!: Record<string, never>;
}
