import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsEvmOrTronAddress } from '@payrail/chains';
import { PAYMENT_TYPES } from '@payrail/persistence';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';

/** Most rows a page holds; the default follows Request Network's example (20). */
export const MAX_SEARCH_LIMIT = 100;
export const DEFAULT_SEARCH_LIMIT = 20;
/** offset + limit may reach this far (an OFFSET scan stays short); further pages follow `pagination.nextCursor`. */
export const MAX_SEARCH_WINDOW = 10_000;

const UTC_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?Z$/;
const CURRENCY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * Query of GET /v2/payments: Request Network's search parameters (at least one of the search
 * parameters, checked by the use case), its date range and paging, and `cursor` (extension).
 */
export class PaymentSearchQueryDto {
  @ApiPropertyOptional({
    example: '0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef',
    description:
      'Transaction hash: 0x and 64 hex digits (EVM), or 64 hex digits (a Tron transaction id); every payment of that transaction',
  })
  @IsOptional()
  @Matches(/^(0x)?[0-9a-fA-F]{64}$/, {
    message: "txHash must be a 66-character hex string starting with '0x' (or a 64-hex Tron transaction id)",
  })
  txHash?: string;

  @ApiPropertyOptional({
    example: '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7',
    description: 'Payer (sender) or payee (recipient) of the payment: EVM (0x..., any case) or Tron (T...)',
  })
  @IsOptional()
  @IsEvmOrTronAddress()
  walletAddress?: string;

  @ApiPropertyOptional({ example: '0xb3581f0b0f74cc61', description: "The request's payment reference (any case)" })
  @IsOptional()
  @Matches(/^0x[0-9a-fA-F]{16}$/, { message: 'paymentReference must be 0x and 16 hex digits' })
  paymentReference?: string;

  @ApiPropertyOptional({ example: '01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb', description: 'Request ID' })
  @IsOptional()
  @Matches(/^01[0-9a-fA-F]{64}$/, { message: 'requestId must be 01 followed by 64 hex digits' })
  requestId?: string;

  @ApiPropertyOptional({ example: 'ORDER-2024-001234', description: 'Merchant reference given at creation (exact match)' })
  @IsOptional()
  @IsString()
  @Length(1, 255)
  reference?: string;

  @ApiPropertyOptional({
    enum: PAYMENT_TYPES,
    description:
      'direct (paid in the invoice currency), conversion (invoice in another currency, e.g. USD), recurring (a recurring payout execution), ' +
      'crosschain (never: cross-chain execution is not offered, so it matches nothing)',
  })
  @IsOptional()
  @IsIn(PAYMENT_TYPES)
  type?: (typeof PAYMENT_TYPES)[number];

  @ApiPropertyOptional({ example: 'USD', description: 'Invoice currency: a currency id (USDC-base) or a symbol (every network of it)' })
  @IsOptional()
  @Matches(CURRENCY, { message: 'invoiceCurrency must be a currency id such as USD or USDC-base' })
  invoiceCurrency?: string;

  @ApiPropertyOptional({
    example: 'USDC-base',
    description: 'Payment currency: a currency id (USDC-base) or a symbol (USDC: every network)',
  })
  @IsOptional()
  @Matches(CURRENCY, { message: 'paymentCurrency must be a currency id such as USDC-base' })
  paymentCurrency?: string;

  @ApiPropertyOptional({
    example: '2024-01-01T00:00:00.000Z',
    description: 'Payments at or after (block time), ISO 8601 in UTC ending with Z',
  })
  @IsOptional()
  @Matches(UTC_ISO, { message: "fromDate must be an ISO 8601 date-time in UTC ending with 'Z'" })
  @IsISO8601({ strict: true }, { message: "fromDate must be an ISO 8601 date-time in UTC ending with 'Z'" })
  fromDate?: string;

  @ApiPropertyOptional({
    example: '2024-01-31T23:59:59.999Z',
    description: 'Payments at or before (block time), ISO 8601 in UTC; not before fromDate',
  })
  @IsOptional()
  @Matches(UTC_ISO, { message: "toDate must be an ISO 8601 date-time in UTC ending with 'Z'" })
  @IsISO8601({ strict: true }, { message: "toDate must be an ISO 8601 date-time in UTC ending with 'Z'" })
  toDate?: string;

  @ApiPropertyOptional({
    type: String,
    example: '20',
    description: `Payments per page, 1 to ${MAX_SEARCH_LIMIT} (default ${DEFAULT_SEARCH_LIMIT})`,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be an integer' })
  @Min(1)
  @Max(MAX_SEARCH_LIMIT)
  limit?: number;

  @ApiPropertyOptional({
    type: String,
    example: '0',
    description: `Payments to skip; offset + limit at most ${MAX_SEARCH_WINDOW}. Deeper pages (and stable paging while payments arrive) follow pagination.nextCursor`,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'offset must be an integer' })
  @Min(0)
  offset?: number;

  @ApiPropertyOptional({ description: "Extension: the previous page's pagination.nextCursor, unchanged (keyset paging; not with offset)" })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,140}$/, { message: 'cursor must be a nextCursor value' })
  cursor?: string;
}
