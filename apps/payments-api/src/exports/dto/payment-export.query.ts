import { ApiPropertyOptional } from '@nestjs/swagger';
import { NETWORK_NAMES } from '@payrail/chains';
import { REQUEST_STATUSES } from '@payrail/domain';
import { PAYMENT_EXPORT_COLUMNS } from '@payrail/reconciliation';
import { IsIn, IsISO8601, IsOptional, Matches } from 'class-validator';

/** GET /v2/exports/payments: the format, the columns and the filters (all optional, combined with AND). */
export class PaymentExportQueryDto {
  @ApiPropertyOptional({ enum: ['csv', 'json'], default: 'csv' }) @IsOptional() @IsIn(['csv', 'json']) format?: 'csv' | 'json';

  @ApiPropertyOptional({
    description: `Comma-separated subset of the columns, in the order wanted (default: all). Columns: ${PAYMENT_EXPORT_COLUMNS.join(', ')}`,
    example: 'requestId,amount,fiatValue,fiatCurrency',
  })
  @IsOptional()
  @Matches(/^[A-Za-z]+(,[A-Za-z]+)*$/, { message: 'columns must be column names separated by commas' })
  columns?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Paid (block time) at or after (ISO 8601)' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 date-time' })
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Paid (block time) before (ISO 8601); after `from`' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 date-time' })
  to?: string;

  @ApiPropertyOptional({ enum: REQUEST_STATUSES, description: "The request's status" })
  @IsOptional()
  @IsIn(REQUEST_STATUSES)
  status?: string;

  @ApiPropertyOptional({ enum: NETWORK_NAMES }) @IsOptional() @IsIn(NETWORK_NAMES) network?: string;

  @ApiPropertyOptional({ description: 'The Client ID the requests were created with' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,128}$/, { message: 'clientId must be a Client ID' })
  clientId?: string;
}
