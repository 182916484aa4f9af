import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

const HEX = /^[a-fA-F0-9]+$/;

/** raw_data of a TronWeb transaction: the contract call and its block reference, fee limit and times. */
export class TronRawDataDto {
  @ApiProperty({ type: 'array', items: { type: 'object' }, minItems: 1, maxItems: 1, description: 'The one contract call (TronWeb JSON)' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1, { message: 'raw_data.contract must hold one contract call' })
  @IsObject({ each: true })
  contract!: Record<string, unknown>[];

  @ApiPropertyOptional({ minimum: 0, description: 'Most the signer burns on energy, in SUN' })
  @IsOptional()
  @IsInt()
  @Min(0)
  fee_limit?: number;

  @ApiPropertyOptional() @IsOptional() @IsString() @Matches(HEX) @MaxLength(16) ref_block_bytes?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @Matches(HEX) @MaxLength(64) ref_block_hash?: string;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) expiration?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) timestamp?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @Matches(HEX) @MaxLength(1024) data?: string;
}

/** A signed TronWeb transaction, as `/wallet/broadcasttransaction` takes it. */
export class SignedTronTransactionDto {
  @ApiProperty({ pattern: '^[a-fA-F0-9]+$', description: 'The signed bytes (protobuf Transaction.raw, hex)' })
  @IsString()
  @MaxLength(8192)
  @Matches(HEX, { message: 'raw_data_hex must be hexadecimal' })
  raw_data_hex!: string;

  @ApiProperty({ type: [String], minItems: 1, description: 'Signatures (hex, 65 bytes each)' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(5)
  @IsString({ each: true })
  @Matches(/^[a-fA-F0-9]{130}$/, { each: true, message: 'each signature must be 65 bytes of hex' })
  signature!: string[];

  @ApiPropertyOptional({ pattern: '^[a-fA-F0-9]{64}$', description: 'sha256 of raw_data_hex' })
  @IsOptional()
  @IsString()
  @Matches(/^[a-fA-F0-9]{64}$/, { message: 'txID must be 64 hexadecimal characters' })
  txID?: string;

  @ApiProperty({ type: TronRawDataDto })
  @IsObject()
  @ValidateNested()
  @Type(() => TronRawDataDto)
  raw_data!: TronRawDataDto;

  @ApiPropertyOptional({ description: 'TronWeb sets it: whether raw_data addresses are base58 (true) or hex' })
  @IsOptional()
  @IsBoolean()
  visible?: boolean;
}

/** Body of POST /v2/secure-payments/{token}/tron/broadcast (Request Network's shape). */
export class TronBroadcastDto {
  @ApiProperty({ type: SignedTronTransactionDto, description: 'Signed TronWeb transaction compatible with /wallet/broadcasttransaction' })
  @IsObject()
  @ValidateNested()
  @Type(() => SignedTronTransactionDto)
  signedTransaction!: SignedTronTransactionDto;
}

/** The node's answer, relayed. */
export class TronBroadcastAnswerDto {
  @ApiProperty() result!: boolean;
  @ApiProperty({ description: 'The transaction id (sha256 of raw_data_hex)' }) txid!: string;
  @ApiPropertyOptional() code?: string;
  @ApiPropertyOptional() message?: string;
}
