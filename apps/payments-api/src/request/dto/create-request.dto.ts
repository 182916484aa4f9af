import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEvmOrTronAddress } from '@payrail/chains';
import { plainDecimal, REQUEST_ID_PATTERN } from '@payrail/domain';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsISO8601, IsObject, IsOptional, IsString, Length, Matches, ValidateBy, ValidateNested } from 'class-validator';
import { CustomerInfoDto } from '../../payments/dto/customer-info.dto.js';
import { IsNotInThePast } from '../../payments/dto/validators.js';

export const INVOICE_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;

/** A positive decimal string, plain ("10.5") or in exponent form as JavaScript prints small numbers ("1e-7"), read exactly. */
const IsInvoiceAmount = () =>
  ValidateBy({
    name: 'isInvoiceAmount',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && plainDecimal(value).ok && /[1-9]/.test(value.split(/[eE]/)[0]),
      defaultMessage: () =>
        '$property must be a positive decimal string such as "10" or "10.5" (an exponent form such as "1e-7" is read exactly)',
    },
  });

/** Makes an invoice recurring: a new request each period from startDate, until stopped (PATCH). No totalPayments. */
export class InvoiceRecurrenceDto {
  @ApiProperty({
    description: 'YYYY-MM-DD (00:00 UTC) or an ISO 8601 date-time; its UTC day cannot be before today. The created request is period 0.',
    example: '2030-01-01',
  })
  @IsISO8601({ strict: true }, { message: 'startDate must be an ISO 8601 date (YYYY-MM-DD) or date-time' })
  @IsNotInThePast()
  startDate!: string;

  @ApiProperty({ enum: INVOICE_FREQUENCIES, description: 'MONTHLY and YEARLY are calendar months and years, counted from startDate' })
  @IsIn(INVOICE_FREQUENCIES, { message: `frequency must be one of ${INVOICE_FREQUENCIES.join(', ')}` })
  frequency!: (typeof INVOICE_FREQUENCIES)[number];
}

/** Body of POST /v2/request (Request Network: RequestControllerV2_createRequest_v2). */
export class CreateRequestDto {
  @ApiProperty({
    description:
      'Human-readable decimal string in the invoice currency, at most as many decimals as it has. An exponent form ("1e-7") or a ' +
      'float artefact ("0.30000000000000004") is read exactly: accepted when the currency has the decimals, else 400 naming amount.',
    example: '10.5',
  })
  @IsInvoiceAmount()
  amount!: string;

  @ApiProperty({
    description: 'Currency id: a fiat code (USD, EUR, ...; converted at the current rate) or the payment currency',
    example: 'USD',
  })
  @IsString()
  @Length(1, 100)
  invoiceCurrency!: string;

  @ApiProperty({ description: 'Currency id from the token list, `<SYMBOL>-<network>`', example: 'fUSDC-sepolia' })
  @IsString()
  @Length(1, 100)
  paymentCurrency!: string;

  @ApiPropertyOptional({
    description:
      'Payee wallet (EVM or Tron, on the payment network). Required: Request Network lets crypto-to-fiat requests omit it, ' +
      'but crypto-to-fiat is not offered by Payrail yet (400 naming payee).',
  })
  @IsOptional()
  @IsEvmOrTronAddress()
  payee?: string;

  @ApiPropertyOptional({ description: 'The expected payer wallet, when known (informational: anyone may pay the request)' })
  @IsOptional()
  @IsEvmOrTronAddress()
  payer?: string;

  @ApiPropertyOptional({ description: 'The payee also accepts crypto-to-fiat (stored and shown; the off-ramp is not offered yet)' })
  @IsOptional()
  @IsBoolean()
  isCryptoToFiatAvailable?: boolean;

  @ApiPropertyOptional({ type: InvoiceRecurrenceDto, description: 'Makes the invoice recurring (see docs/invoices.md)' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => InvoiceRecurrenceDto)
  recurrence?: InvoiceRecurrenceDto;

  @ApiPropertyOptional({ type: CustomerInfoDto, description: 'Customer information for merchant receipt tracking (stored encrypted)' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => CustomerInfoDto)
  customerInfo?: CustomerInfoDto;

  @ApiPropertyOptional({ minLength: 1, maxLength: 255, description: 'Merchant reference (an invoice number)' })
  @IsOptional()
  @IsString()
  @Length(1, 255)
  reference?: string;

  @ApiPropertyOptional({
    description:
      'A request of the caller this one follows; 400 when unknown to the caller, or given with recurrence (a recurring invoice starts its own series)',
  })
  @IsOptional()
  @Matches(REQUEST_ID_PATTERN, { message: 'originalRequestId must be 01 followed by 64 lowercase hex digits' })
  originalRequestId?: string;

  @ApiPropertyOptional({ description: 'The payment reference of that request (0x + 16 hex); must be its own when both are given' })
  @IsOptional()
  @Matches(/^0x[0-9a-fA-F]{16}$/, { message: 'originalRequestPaymentReference must be 0x followed by 16 hex digits' })
  originalRequestPaymentReference?: string;
}

/** 201 of POST /v2/request. */
export class CreatedRequestDto {
  @ApiProperty({ example: '01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb' }) requestId!: string;
  @ApiProperty({ example: '0xb3581f0b0f74cc61' }) paymentReference!: string;
}
