import { ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { IsEvmOrTronAddress, NETWORK_NAMES } from '@payrail/chains';
import { REQUEST_STATUSES } from '@payrail/domain';
import { PageQueryDto } from '@payrail/platform';
import { IsIn, IsISO8601, IsOptional, IsString, Length, Matches } from 'class-validator';

/** Filters of GET /v2/requests and GET /v2/requests/export (all optional, combined with AND). */
export class RequestFilterQueryDto {
  @ApiPropertyOptional({ enum: REQUEST_STATUSES }) @IsOptional() @IsIn(REQUEST_STATUSES) status?: string;

  @ApiPropertyOptional({ enum: NETWORK_NAMES }) @IsOptional() @IsIn(NETWORK_NAMES) network?: string;

  @ApiPropertyOptional({ example: 'USDC-base', description: 'Payment currency id' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, { message: 'currency must be a currency id such as USDC-base' })
  currency?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Created at or after (ISO 8601)' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 date-time' })
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Created before (ISO 8601); after `from`' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 date-time' })
  to?: string;

  @ApiPropertyOptional({ example: '0xb3581f0b0f74cc61', description: "The request's payment reference" })
  @IsOptional()
  @Matches(/^0x[0-9a-fA-F]{16}$/, { message: 'paymentReference must be 0x and 16 hex digits' })
  paymentReference?: string;

  @ApiPropertyOptional({ description: 'The merchant reference given at creation (exact match)' })
  @IsOptional()
  @IsString()
  @Length(1, 255)
  reference?: string;

  @ApiPropertyOptional({ description: 'Declared payer, or the sender of a detected payment (EVM or Tron address)' })
  @IsOptional()
  @IsEvmOrTronAddress()
  payer?: string;
}

/** Query of GET /v2/requests: the filters, `limit` and `cursor`. */
export class ListRequestsQueryDto extends IntersectionType(PageQueryDto, RequestFilterQueryDto) {}
