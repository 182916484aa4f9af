import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { NETWORK_NAMES } from '@payrail/chains';
import { EXCEPTION_KINDS, EXCEPTION_STATUSES, type ExceptionKind, type ExceptionStatus } from '@payrail/domain';
import { PageQueryDto } from '@payrail/platform';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { PaymentExceptionDto } from '../../payments/dto/payment-exception.dto.js';

export { PaymentExceptionDto };

export class ListExceptionsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: EXCEPTION_STATUSES }) @IsOptional() @IsIn(EXCEPTION_STATUSES) status?: ExceptionStatus;
  @ApiPropertyOptional({ enum: EXCEPTION_KINDS }) @IsOptional() @IsIn(EXCEPTION_KINDS) kind?: ExceptionKind;
  @ApiPropertyOptional({ enum: NETWORK_NAMES }) @IsOptional() @IsIn(NETWORK_NAMES) network?: string;
  @ApiPropertyOptional({ description: "Only this request's exceptions" })
  @IsOptional()
  @Matches(/^01[0-9a-f]{64}$/, { message: 'requestId must be 01 followed by 64 lowercase hex digits' })
  requestId?: string;
}

export class ExceptionPageDto {
  @ApiProperty({ type: [PaymentExceptionDto], description: 'Newest first' }) data!: PaymentExceptionDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' })
  nextCursor!: string | null;
}

export class RemainderLinkDto {
  @ApiProperty({ description: 'Token of the new secure payment' }) token!: string;
  @ApiProperty({ description: 'The hosted page of the remainder (the same page as any link)' }) securePaymentUrl!: string;
  @ApiProperty({ description: 'The remainder request (its originalRequestId is the underpaid request)' }) requestId!: string;
  @ApiProperty({ example: '0.5', description: 'The missing amount, in the payment currency' }) amount!: string;
  @ApiProperty({ example: 'fUSDC-sepolia' }) paymentCurrency!: string;
}

export class RemainderRequestedDto {
  @ApiProperty({ type: PaymentExceptionDto }) exception!: PaymentExceptionDto;
  @ApiProperty({ type: RemainderLinkDto }) remainder!: RemainderLinkDto;
}

export class ExceptionIdParam {
  @ApiProperty({ description: 'Exception id (ULID)' })
  @Matches(/^[0-9A-HJKMNP-TV-Z]{26}$/, { message: 'id must be an exception id (a ULID)' })
  id!: string;
}
