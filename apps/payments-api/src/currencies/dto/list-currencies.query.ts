import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

/** Query of GET /v2/currencies (documented with @ApiQuery on the route). */
export class ListCurrenciesQueryDto {
  @IsOptional() @IsString() @MaxLength(64) network?: string;

  @IsOptional() @IsString() @MaxLength(64) symbol?: string;

  @IsOptional() @IsString() @MaxLength(128) id?: string;

  @IsOptional()
  @IsIn(['true', 'false'], { message: "firstOnly must be 'true' or 'false' if provided" })
  firstOnly?: 'true' | 'false';
}
