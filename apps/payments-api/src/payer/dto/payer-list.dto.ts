import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AGREEMENT_STATUSES } from '@payrail/domain';
import { PageQueryDto } from '@payrail/platform';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, IsUUID, Length } from 'class-validator';

/** KYC statuses as the payer record shows them (`approved` reads `completed`). */
export const RECORD_KYC_STATUSES = ['not_started', 'pending', 'completed', 'rejected', 'retry_required'] as const;

/** Query of GET /v2/payers. */
export class ListPayersQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: "Part of the platform's user id (clientUserId), case-insensitive" })
  @IsOptional()
  @IsString()
  @Length(1, 255)
  search?: string;

  @ApiPropertyOptional({ enum: RECORD_KYC_STATUSES }) @IsOptional() @IsIn(RECORD_KYC_STATUSES) kycStatus?: string;

  @ApiPropertyOptional({ enum: AGREEMENT_STATUSES }) @IsOptional() @IsIn(AGREEMENT_STATUSES) agreementStatus?: string;

  @ApiPropertyOptional({ type: Boolean, description: 'KYC completed and agreement completed' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'isCompliant must be true or false' })
  isCompliant?: boolean;
}

/** A payer's compliance record as listed (its identity is stored encrypted and never listed). */
export class PayerRecordDto {
  @ApiProperty({ description: 'Payrail payer id (uuid), as userId in GET /v2/payer/{clientUserId}' }) userId!: string;
  @ApiProperty({ description: "The platform's own user id" }) clientUserId!: string;
  @ApiProperty({ enum: RECORD_KYC_STATUSES }) kycStatus!: string;
  @ApiProperty({ enum: AGREEMENT_STATUSES }) agreementStatus!: string;
  @ApiProperty() isCompliant!: boolean;
  @ApiProperty({ example: 'sandbox' }) provider!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class PayerPageDto {
  @ApiProperty({ type: [PayerRecordDto], description: 'Newest first' }) data!: PayerRecordDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' })
  nextCursor!: string | null;
}

export class PayerIdParam {
  @ApiProperty({ format: 'uuid', description: 'The payer’s userId' })
  @IsUUID('all', { message: 'userId must be a UUID' })
  userId!: string;
}
