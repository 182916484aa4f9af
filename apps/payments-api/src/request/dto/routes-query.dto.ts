import { ApiProperty } from '@nestjs/swagger';
import { IsEvmOrTronAddress } from '@payrail/chains';
import { PayTermsQueryDto } from './pay-query.dto.js';

/** Query of GET /v2/request/{requestId}/routes (Request Network's names). */
export class RequestRoutesQueryDto extends PayTermsQueryDto {
  @ApiProperty({
    description: 'The payer wallet (EVM or Tron). A wallet that is not an account of the request’s network is 404 Wallet not found.',
    example: '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7',
  })
  @IsEvmOrTronAddress()
  wallet!: string;
}
