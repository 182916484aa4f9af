import { ApiProperty } from '@nestjs/swagger';
import { REQUEST_ID_PATTERN } from '@payrail/domain';
import { Matches } from 'class-validator';
import { PayoutMetadataDto, PayoutTransactionDto } from '../../payments/dto/payout-responses.dto.js';
import { RefundSummaryDto } from '../../payments/dto/refund-summary.dto.js';

export class RefundRequestParam {
  @ApiProperty({ description: '`01` + 64 lowercase hex', example: '01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb' })
  @Matches(REQUEST_ID_PATTERN, { message: 'requestId must be 01 followed by 64 lowercase hex digits' })
  requestId!: string;
}

export class RefundIdParam extends RefundRequestParam {
  @ApiProperty({ description: 'The refund id (ULID)', example: '01JD3Y2ZK8Q7V6W5X4T3S2R1P0' })
  @Matches(/^[0-9A-HJKMNP-TV-Z]{26}$/, { message: 'refundId must be a ULID (26 characters of Crockford base32)' })
  refundId!: string;
}

/** The path of POST /v2/exceptions/{id}/refund. */
export class ExceptionRefundParam {
  @ApiProperty({ description: 'Exception id (ULID)' })
  @Matches(/^[0-9A-HJKMNP-TV-Z]{26}$/, { message: 'id must be an exception id (a ULID)' })
  id!: string;
}

/** A refund with the transactions its payee signs. */
export class RefundDto extends RefundSummaryDto {
  @ApiProperty({
    type: [PayoutTransactionDto],
    description: 'While awaiting_signature: the transactions the payee’s wallet signs and sends, in order; empty afterwards',
  })
  transactions!: PayoutTransactionDto[];
  @ApiProperty({ type: PayoutMetadataDto, nullable: true, description: 'As on POST /v2/payouts (null once sent)' })
  metadata!: PayoutMetadataDto | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description:
      'A deposit_forwarder refund awaiting its signature: the EIP-712 typed data `{domain, types, primaryType: "Refund", message}` ' +
      'the payee signs (eth_signTypedData_v4; domain `Payrail DepositForwarder` v1, verifyingContract the deposit address), then ' +
      'POST …/{refundId}/signature. Null otherwise.',
  })
  typedData!: Record<string, unknown> | null;
}

/** Body of POST /v2/request/{requestId}/refunds/{refundId}/signature. */
export class RefundSignatureDto {
  @ApiProperty({ description: 'The payee’s EIP-712 signature of the refund’s typedData (65 bytes, 0x + 130 hex)' })
  @Matches(/^0x[0-9a-fA-F]{130}$/, { message: 'signature must be 0x followed by 130 hex digits (65 bytes)' })
  signature!: string;
}

export class RefundListDto {
  @ApiProperty({ type: [RefundDto] }) refunds!: RefundDto[];
}

/** Body of POST /v2/request/{requestId}/refunds/{refundId}/transaction. */
export class RefundTransactionDto {
  @ApiProperty({ description: 'The hash of the refund transaction the payee’s wallet sent (its last one: the fee-proxy call)' })
  @Matches(/^0x[0-9a-fA-F]{64}$/, { message: 'txHash must be 0x followed by 64 hex digits' })
  txHash!: string;
}
