import { ApiProperty } from '@nestjs/swagger';
import { REQUEST_ID_PATTERN } from '@payrail/domain';
import { Matches } from 'class-validator';

export class RequestIdParam {
  @ApiProperty({ description: '`01` + 64 lowercase hex', example: '01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb' })
  @Matches(REQUEST_ID_PATTERN, { message: 'requestId must be 01 followed by 64 lowercase hex digits' })
  requestId!: string;
}
