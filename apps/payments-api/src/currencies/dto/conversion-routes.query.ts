import { IsOptional, IsString, MaxLength } from 'class-validator';

/** Query of GET /v2/currencies/{currencyId}/conversion-routes; names are resolved by the use case. */
export class ConversionRoutesQueryDto {
  @IsOptional() @IsString() @MaxLength(64) network?: string;

  @IsOptional() @IsString() @MaxLength(512) networks?: string;
}
