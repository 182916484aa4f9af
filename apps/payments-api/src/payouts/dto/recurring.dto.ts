import { DunningStateDto } from './dunning-state.dto.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, Matches } from 'class-validator';

/** Body of POST /v2/payouts/recurring/{id}. */
export class ActivateRecurringDto {
  @ApiProperty({ description: "The payer's EIP-712 signature of recurringPaymentPermit (65 bytes, hex)", example: '0x...' })
  @IsString()
  @Matches(/^0x[0-9a-fA-F]+$/, { message: 'permitSignature must be a 0x-prefixed hex string' })
  permitSignature!: string;
}

export const RECURRING_ACTIONS = ['cancel', 'unpause'] as const;

/** Body of PATCH /v2/payouts/recurring/{id}. */
export class UpdateRecurringDto {
  @ApiProperty({ enum: RECURRING_ACTIONS })
  @IsIn(RECURRING_ACTIONS, { message: 'action must be cancel or unpause' })
  action!: (typeof RECURRING_ACTIONS)[number];
}

export class RecurringTransactionDto {
  @ApiProperty({ description: 'The token' }) to!: string;
  @ApiProperty({ description: 'approve(recurring proxy, amount) calldata' }) data!: string;
  @ApiProperty({ example: '0x0' }) value!: string;
}

class PermitFieldDto {
  @ApiProperty() name!: string;
  @ApiProperty() type!: string;
}

class PermitDomainDto {
  @ApiProperty({ example: 'ERC20RecurringPaymentProxy' }) name!: string;
  @ApiProperty({ example: '1' }) version!: string;
  @ApiProperty({ type: 'integer', example: 11155111 }) chainId!: number;
  @ApiProperty() verifyingContract!: string;
}

class PermitTypesDto {
  @ApiProperty({ type: [PermitFieldDto] }) SchedulePermit!: PermitFieldDto[];
}

class RecurringPermitDto {
  @ApiProperty({ type: PermitDomainDto }) domain!: PermitDomainDto;
  @ApiProperty({ type: PermitTypesDto }) types!: PermitTypesDto;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'One value per SchedulePermit field: addresses, amounts as decimal strings, times and counts as numbers, nonce 32-byte hex',
  })
  values!: Record<string, string | number>;
}

class RecurringPayoutMetadataDto {
  @ApiProperty({ type: 'integer', example: 2 }) stepsRequired!: number;
  @ApiProperty({ example: '30000000' }) totalNeededAllowance!: string;
  @ApiProperty({ example: '0' }) currentAllowance!: string;
  @ApiProperty({ example: '30000000' }) additionalAllowanceNeeded!: string;
  @ApiProperty({ example: '0' }) existingPaymentsAmount!: string;
}

/** 201 of POST /v2/payouts with recurrence. */
export class RecurringPayoutResponseDto {
  @ApiProperty({ description: 'Recurring payment ID (ULID)' }) id!: string;
  @ApiProperty({ type: [RecurringTransactionDto] }) transactions!: RecurringTransactionDto[];
  @ApiProperty({ type: RecurringPermitDto }) recurringPaymentPermit!: RecurringPermitDto;
  @ApiProperty({ type: RecurringPayoutMetadataDto }) metadata!: RecurringPayoutMetadataDto;
}

export class ActivationResponseDto {
  @ApiProperty({ example: 'Recurring payment activated successfully' }) message!: string;
  @ApiProperty() id!: string;
  @ApiProperty({ example: 'active' }) status!: string;
}

class RecurringRequestRefDto {
  @ApiProperty() requestId!: string;
  @ApiProperty() paymentReference!: string;
}

class RecurringPaymentDto extends RecurringRequestRefDto {
  @ApiProperty({ nullable: true, type: String }) txHash!: string | null;
  @ApiProperty({ example: '10.0' }) amount!: string;
  @ApiProperty({ nullable: true, type: String }) timestamp!: string | null;
}

export class RecurringStatusResponseDto extends DunningStateDto {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ['awaiting_signature', 'active', 'paused', 'cancelled', 'completed'] }) status!: string;
  @ApiProperty({ type: 'integer' }) processedPayments!: number;
  @ApiProperty({ type: 'integer' }) totalPayments!: number;
  @ApiProperty({ nullable: true, type: String }) lastPaymentDate!: string | null;
  @ApiProperty({ nullable: true, type: String }) nextPaymentDate!: string | null;
  @ApiProperty({ type: 'integer' }) failureCount!: number;
  @ApiProperty({ nullable: true, type: String, example: 'Insufficient token allowance' }) failureReason!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['requested', 'nonpayment'],
    description: 'Extension: why a cancelled schedule was cancelled',
  })
  cancellationReason!: 'requested' | 'nonpayment' | null;
  @ApiProperty({ type: [RecurringRequestRefDto] }) requests!: RecurringRequestRefDto[];
  @ApiProperty({ type: [RecurringPaymentDto] }) payments!: RecurringPaymentDto[];
}

class RecurringUpdateMetadataDto {
  @ApiProperty({ type: 'integer', example: 1 }) remainingPayments!: number;
  @ApiProperty({ description: 'What the remaining payments total, in the token smallest unit', example: '10000000' })
  remainingAmount!: string;
  @ApiProperty({ type: 'integer', example: 2 }) processedPayments!: number;
  @ApiProperty({ type: 'integer', example: 3 }) totalPayments!: number;
}

/** Payrail extension of the cancel response: the execution a cancel found already sent. */
export class InFlightPaymentDto {
  @ApiProperty({ example: 1, description: 'payment index (1-based)' }) index!: number;
  @ApiProperty({ example: '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060' }) txHash!: string;
  @ApiProperty({
    enum: ['paid', 'replacing'],
    description:
      'paid: mined, counted in metadata; replacing: pending, the relayer takes its nonce back with a 0-value self-transfer (if mined first anyway, it is recorded as a payment)',
  })
  state!: 'paid' | 'replacing';
}

export class RecurringSenderDto {
  @ApiProperty({ description: 'The subscriber (payer) wallet' }) address!: string;
  @ApiProperty({ example: 'base' }) network!: string;
}

export class RecurringUpdateResponseDto {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ['cancelled', 'active'], description: '`cancelled` after a cancel, `active` after an unpause' }) status!: string;
  @ApiProperty({
    type: [RecurringTransactionDto],
    description:
      'cancel: the approve lowering the allowance (left out when nothing is lowered), then revoke(permit) to the recurring proxy for the subscriber to send (activated schedules); unpause: always empty',
  })
  transactions!: RecurringTransactionDto[];
  @ApiProperty({ type: RecurringUpdateMetadataDto }) metadata!: RecurringUpdateMetadataDto;
  @ApiPropertyOptional({ type: InFlightPaymentDto, description: 'cancel only: an execution already sent when the cancel came (extension)' })
  inFlightPayment?: InFlightPaymentDto;
  @ApiPropertyOptional({
    type: RecurringSenderDto,
    description:
      'cancel only (extension): the subscriber wallet that sends `transactions`, and its network (its chainId is in GET /v2/currencies)',
  })
  sender?: RecurringSenderDto;
}
