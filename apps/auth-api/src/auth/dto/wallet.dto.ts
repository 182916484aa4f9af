import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, MaxLength } from 'class-validator';

export class WalletChallengeDto {
  @ApiProperty({ description: 'EVM (0x..., any case) or Tron (T..., base58check) wallet address; the kind is detected from the format.' })
  @IsString()
  @MaxLength(100)
  address!: string;
}

export class WalletChallengeResponse {
  @ApiProperty() challengeId!: string;
  @ApiProperty() nonce!: string;
  @ApiProperty({ description: 'EIP-4361 (SIWE) message to sign as it is (personal_sign for EVM, signMessageV2 for Tron).' })
  message!: string;
  @ApiProperty({ format: 'date-time' }) expiresAt!: string;
}

export class WalletVerifyDto {
  @ApiProperty() @IsString() @Length(26, 26) challengeId!: string;
  @ApiProperty() @IsString() @MaxLength(64) nonce!: string;
  @ApiProperty() @IsString() @MaxLength(4000) message!: string;
  @ApiProperty({ description: '0x-prefixed hex signature' }) @IsString() @MaxLength(4000) signature!: string;
}
