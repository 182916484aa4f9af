import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsEmail, IsISO31661Alpha2, IsObject, IsOptional, IsString, Length, MaxLength, ValidateNested } from 'class-validator';

export class CustomerAddressDto {
  @ApiPropertyOptional({ maxLength: 255 }) @IsOptional() @IsString() @MaxLength(255) street?: string;
  @ApiPropertyOptional({ maxLength: 100 }) @IsOptional() @IsString() @MaxLength(100) city?: string;
  @ApiPropertyOptional({ maxLength: 100 }) @IsOptional() @IsString() @MaxLength(100) state?: string;
  @ApiPropertyOptional({ maxLength: 20 }) @IsOptional() @IsString() @MaxLength(20) postalCode?: string;

  @ApiPropertyOptional({ minLength: 2, maxLength: 2, example: 'FR', description: 'ISO 3166-1 alpha-2 code (stored upper-case)' })
  @IsOptional()
  @IsString()
  @Length(2, 2)
  @IsISO31661Alpha2({ message: 'country must be an ISO 3166-1 alpha-2 country code' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toUpperCase() : value))
  country?: string;
}

/** Customer information for merchant receipt tracking; every field optional. */
export class CustomerInfoDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 100 }) @IsOptional() @IsString() @Length(1, 100) firstName?: string;
  @ApiPropertyOptional({ minLength: 1, maxLength: 100 }) @IsOptional() @IsString() @Length(1, 100) lastName?: string;
  @ApiPropertyOptional({ maxLength: 255, format: 'email' }) @IsOptional() @IsEmail() @MaxLength(255) email?: string;

  @ApiPropertyOptional({ type: CustomerAddressDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => CustomerAddressDto)
  address?: CustomerAddressDto;
}
