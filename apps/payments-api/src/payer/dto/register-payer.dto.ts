import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsEmail,
  IsIn,
  IsISO31661Alpha2,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  Validate,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';

/** A real calendar date, YYYY-MM-DD, in the past, not before 1900. */
@ValidatorConstraint({ name: 'pastDate' })
class PastDate implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && value >= '1900-01-01' && date.getTime() < Date.now();
  }
  defaultMessage(): string {
    return 'dateOfBirth must be a real past date in the form YYYY-MM-DD';
  }
}

/** POST /v2/payer: the payer's identity (Request Network's field names). Stored encrypted. */
export class RegisterPayerDto {
  @ApiProperty({ description: "The platform's own user id (an e-mail is fine)", maxLength: 255 })
  @IsString()
  @Length(1, 255)
  clientUserId!: string;
  @ApiProperty() @IsEmail({}, { message: 'email must be an e-mail address' }) @MaxLength(255) email!: string;
  @ApiProperty({ maxLength: 100 }) @IsString() @Length(1, 100) firstName!: string;
  @ApiProperty({ maxLength: 100 }) @IsString() @Length(1, 100) lastName!: string;
  @ApiProperty({ enum: ['individual', 'business'] }) @IsIn(['individual', 'business']) beneficiaryType!: 'individual' | 'business';
  @ApiPropertyOptional({ maxLength: 200 }) @IsOptional() @IsString() @Length(1, 200) companyName?: string;
  @ApiProperty({ example: '1990-04-12' }) @Validate(PastDate) dateOfBirth!: string;
  @ApiProperty({ maxLength: 255 }) @IsString() @Length(1, 255) addressLine1!: string;
  @ApiPropertyOptional({ maxLength: 255 }) @IsOptional() @IsString() @MaxLength(255) addressLine2?: string;
  @ApiProperty({ maxLength: 100 }) @IsString() @Length(1, 100) city!: string;
  @ApiProperty({ maxLength: 100 }) @IsString() @Length(1, 100) state!: string;
  @ApiProperty({ maxLength: 20 }) @IsString() @Length(1, 20) postcode!: string;
  @ApiProperty({ example: 'FR', description: 'ISO 3166-1 alpha-2' })
  @IsISO31661Alpha2({ message: 'country must be an ISO 3166-1 alpha-2 code' })
  country!: string;
  @ApiProperty({ example: 'FR', description: 'ISO 3166-1 alpha-2' })
  @IsISO31661Alpha2({ message: 'nationality must be an ISO 3166-1 alpha-2 code' })
  nationality!: string;
  @ApiProperty({ example: '+33612345678', description: 'E.164' })
  @Matches(/^\+?[1-9]\d{1,14}$/, { message: 'phone must be an E.164 number such as +33612345678' })
  phone!: string;
  @ApiPropertyOptional({ description: 'US Social Security number, where the provider needs it' })
  @IsOptional()
  @IsString()
  @Matches(/^\d{3}-?\d{2}-?\d{4}$/, { message: 'ssn must be 9 digits (NNN-NN-NNNN)' })
  ssn?: string;
  @ApiPropertyOptional({ maxLength: 255 }) @IsOptional() @IsString() @MaxLength(255) sourceOfFunds?: string;
  @ApiPropertyOptional({ maxLength: 255 }) @IsOptional() @IsString() @MaxLength(255) businessActivity?: string;
}

export class CompleteAgreementDto {
  @ApiProperty({ description: 'true marks the agreement completed' }) @IsIn([true, false]) agreementCompleted!: boolean;
}

export class PayerStatusView {
  @ApiProperty({ example: 'completed' }) kycStatus!: string;
  @ApiProperty({ example: 'completed' }) agreementStatus!: string;
  @ApiProperty() isCompliant!: boolean;
  @ApiProperty({ format: 'uuid' }) userId!: string;
}

export class RegisterPayerResponse {
  @ApiProperty() agreementUrl!: string;
  @ApiProperty() kycUrl!: string;
  @ApiProperty({ example: { kycStatus: 'not_started', agreementStatus: 'not_started' } }) status!: {
    kycStatus: string;
    agreementStatus: string;
  };
  @ApiProperty({ format: 'uuid' }) userId!: string;
}
