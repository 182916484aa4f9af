import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PAYMENT_DETAIL_STATUSES } from '@payrail/domain';
import { Transform } from 'class-transformer';
import { IsIn, IsISO31661Alpha2, IsOptional, IsString, IsUUID, Length, Matches, MaxLength } from 'class-validator';

const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.toUpperCase() : value);
const accountField = (description: string) => [
  ApiPropertyOptional({ description: `${description}. Stored encrypted; reads show it masked (last four characters).`, maxLength: 64 }),
  IsOptional(),
  IsString(),
  Matches(/^[A-Za-z0-9 -]{1,64}$/, { message: `must be 1 to 64 letters, digits, spaces or dashes` }),
];
const apply =
  (decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    decorators.forEach((d) => d(target, key));

/**
 * POST /v2/payer/{clientUserId}/payment-details: the payee's bank account (Request Network's field
 * names). Unknown keys (`id`, `userId`, `createdAt`, `updatedAt`... of a client's stored record)
 * are dropped, not refused; `currency` may be lower-case.
 */
export class CreatePaymentDetailsDto {
  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Chase' }) @IsString() @Length(1, 200) bankName!: string;
  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Acme Corp Business Account' }) @IsString() @Length(1, 200) accountName!: string;
  @ApiProperty({ enum: ['individual', 'business'] }) @IsIn(['individual', 'business']) beneficiaryType!: 'individual' | 'business';
  @ApiProperty({ example: 'usd', description: 'ISO 4217, any case (stored and answered upper-case)' })
  @Transform(upper)
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be a three-letter ISO 4217 code such as usd' })
  currency!: string;
  @ApiProperty({ minLength: 1, maxLength: 255 }) @IsString() @Length(1, 255) addressLine1!: string;
  @ApiPropertyOptional({ maxLength: 255 }) @IsOptional() @IsString() @MaxLength(255) addressLine2?: string;
  @ApiProperty({ minLength: 1, maxLength: 100 }) @IsString() @Length(1, 100) city!: string;
  @ApiPropertyOptional({ maxLength: 100 }) @IsOptional() @IsString() @MaxLength(100) state?: string;
  @ApiProperty({ example: 'US', description: 'ISO 3166-1 alpha-2' })
  @Transform(upper)
  @IsISO31661Alpha2({ message: 'country must be an ISO 3166-1 alpha-2 code' })
  country!: string;
  @ApiProperty({ example: '1985-12-12' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'dateOfBirth must be a date in the form YYYY-MM-DD' })
  dateOfBirth!: string;
  @ApiProperty({ minLength: 1, maxLength: 20, example: '90723' }) @IsString() @Length(1, 20) postalCode!: string;
  @ApiPropertyOptional({ enum: ['local', 'swift', 'wire'], default: 'local' })
  @IsOptional()
  @IsIn(['local', 'swift', 'wire'])
  rails?: 'local' | 'swift' | 'wire';
  @apply(accountField('Bank account number')) accountNumber?: string;
  @apply(accountField('Bank routing number (US)')) routingNumber?: string;
  @apply(accountField('UK sort code')) sortCode?: string;
  @apply(accountField('International Bank Account Number')) iban?: string;
  @apply(accountField('SWIFT/BIC code')) swiftBic?: string;
  @apply(accountField('French RIB number')) ribNumber?: string;
  @apply(accountField('Australian BSB number')) bsbNumber?: string;
  @apply(accountField('New Zealand NCC number')) ncc?: string;
  @apply(accountField('Bank branch code')) branchCode?: string;
  @apply(accountField('Bank code')) bankCode?: string;
  @apply(accountField('Indian Financial System Code')) ifsc?: string;
  @ApiPropertyOptional({ enum: ['checking', 'savings'] }) @IsOptional() @IsIn(['checking', 'savings']) accountType?: string;
  @ApiPropertyOptional({ maxLength: 100 }) @IsOptional() @IsString() @MaxLength(100) documentNumber?: string;
  @ApiPropertyOptional({ maxLength: 100 }) @IsOptional() @IsString() @MaxLength(100) documentType?: string;
  @ApiPropertyOptional({ maxLength: 30 }) @IsOptional() @IsString() @MaxLength(30) phone?: string;
  @ApiPropertyOptional({ maxLength: 255 }) @IsOptional() @IsString() @MaxLength(255) businessActivity?: string;
  @ApiPropertyOptional({ description: 'ISO 3166-1 alpha-2' })
  @IsOptional()
  @Transform(upper)
  @IsISO31661Alpha2({ message: 'nationality must be an ISO 3166-1 alpha-2 code' })
  nationality?: string;
  @ApiPropertyOptional({ maxLength: 30 }) @IsOptional() @IsString() @MaxLength(30) gender?: string;
}

export class PaymentDetailsQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only these payment details (an empty list when they are not this payer’s)' })
  @IsOptional()
  @IsUUID('all', { message: 'paymentDetailsId must be a UUID' })
  paymentDetailsId?: string;
}

export class CreatedPaymentDetailDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() clientUserId!: string;
  @ApiProperty() bankName!: string;
  @ApiProperty() accountName!: string;
  @ApiProperty({ example: 'USD' }) currency!: string;
  @ApiProperty({ enum: ['individual', 'business'] }) beneficiaryType!: string;
}

export class CreatePaymentDetailsResponse {
  @ApiProperty({ type: CreatedPaymentDetailDto }) payment_detail!: CreatedPaymentDetailDto;
}

export class PaymentDetailRecordDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid', description: 'The payer’s userId (GET /v2/payer/{clientUserId})' }) userId!: string;
  @ApiProperty() bankName!: string;
  @ApiProperty() accountName!: string;
  @ApiProperty({ enum: ['individual', 'business'] }) beneficiaryType!: string;
  @ApiProperty({ example: 'USD' }) currency!: string;
  @ApiProperty({ enum: PAYMENT_DETAIL_STATUSES }) status!: string;
  @ApiProperty({ enum: ['local', 'swift', 'wire'] }) rails!: string;
  @ApiPropertyOptional({ example: '********3489', description: 'Masked: only the last four characters' }) accountNumber?: string;
  @ApiPropertyOptional({ example: '*****3356', description: 'Masked' }) routingNumber?: string;
  @ApiPropertyOptional({ description: 'Masked' }) iban?: string;
  @ApiPropertyOptional({ description: 'Masked' }) sortCode?: string;
  @ApiPropertyOptional({ description: 'Masked' }) swiftBic?: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class PaymentDetailsListResponse {
  @ApiProperty({ type: [PaymentDetailRecordDto], description: 'Oldest first' }) paymentDetails!: PaymentDetailRecordDto[];
}
