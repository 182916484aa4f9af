import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEvmOrTronAddress } from '@payrail/chains';
import { USER_EVENTS, type UserEvent } from '@payrail/domain';
import { Type } from 'class-transformer';
import { IsIn, IsISO8601, IsOptional, IsString, Length, ValidateNested } from 'class-validator';

/** What the page may report besides the wallet; a closed list, so no raw address can ride along. */
export class UserEventPropertiesDto {
  @ApiPropertyOptional({ example: 'metamask' }) @IsOptional() @IsString() @Length(1, 64) wallet_provider?: string;
  @ApiPropertyOptional({ description: 'Transaction or user-operation hash' })
  @IsOptional()
  @IsString()
  @Length(1, 128)
  payment_submission_id?: string;
  @ApiPropertyOptional({ example: 'transaction_hash' }) @IsOptional() @IsString() @Length(1, 64) payment_submission_id_type?: string;
  @ApiPropertyOptional({ example: 'BASE' }) @IsOptional() @IsString() @Length(1, 32) selected_source_chain?: string;
  @ApiPropertyOptional({ example: 'single' }) @IsOptional() @IsString() @Length(1, 32) payment_type?: string;
}

/** Body of POST /v2/secure-payments/{token}/events (browser-reported payer activity). */
export class UserEventDto {
  @ApiProperty({ enum: USER_EVENTS }) @IsIn(USER_EVENTS) userEvent!: UserEvent;

  @ApiPropertyOptional({ description: 'When it happened on the page (ISO 8601); default: when received' })
  @IsOptional()
  @IsISO8601({ strict: true })
  occurredAt?: string;

  @ApiPropertyOptional({ description: 'The connected wallet; only its hash (wallet_address_hashed) is kept and sent' })
  @IsOptional()
  @IsEvmOrTronAddress()
  walletAddress?: string;

  @ApiPropertyOptional({ type: UserEventPropertiesDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => UserEventPropertiesDto)
  properties?: UserEventPropertiesDto;
}

/** 202 of POST /v2/secure-payments/{token}/events. */
export class AcceptedUserEventDto {
  @ApiProperty({ enum: [true] }) accepted!: boolean;
}
