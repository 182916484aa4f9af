import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsEvmOrTronAddress } from '@payrail/chains';
import { SOURCE_CHAINS, SOURCE_TOKENS } from '@payrail/domain';
import { IsOptional, IsString, Length } from 'class-validator';
import { IsDecimalAmount, IsFeePercentage } from '../../payments/dto/validators.js';

const ADDRESS_EXAMPLE = '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7';

/** The query fields GET /v2/request/{id}/pay and /routes share: a partial amount and the fee on top. */
export class PayTermsQueryDto {
  @ApiPropertyOptional({
    description:
      'Partial payment: the amount this payment pays, human-readable, in the payment currency (the currency the request is paid in: ' +
      'for a conversion request, the token amount its conversion fixed). > 0, at most the currency’s decimals, at most what remains to ' +
      'pay (400 beyond). Default: what remains to pay.',
    example: '5.25',
  })
  @IsOptional()
  @IsString()
  @IsDecimalAmount()
  amount?: string;

  @ApiPropertyOptional({
    description:
      'Fee on top of the amount, in percent ("2.5" = 2.5 %), paid to feeAddress in the same transaction; needs feeAddress. A request ' +
      'that carries its own fee (a payout created with one) pays that fee: a different one here is a 400. A Client ID with its own fee overrides it.',
    example: '2.5',
  })
  @IsOptional()
  @IsString()
  @IsFeePercentage()
  feePercentage?: string;

  @ApiPropertyOptional({
    description: 'Receives the fee; needs feePercentage. An address of the request’s network.',
    example: ADDRESS_EXAMPLE,
  })
  @IsOptional()
  @IsEvmOrTronAddress()
  feeAddress?: string;
}

/** Query of GET /v2/request/{requestId}/pay (Request Network's names). */
export class PayRequestQueryDto extends PayTermsQueryDto {
  @ApiPropertyOptional({
    description:
      'The payer wallet (EVM or Tron): its balance, allowance and gas are read (one RPC round trip) for the metadata flags, and the ' +
      'approval is left out when its allowance covers the payment. Without it the flags are true (unchecked) and the approval always ' +
      'included. A wallet that is not an account of the request’s network is 404 Wallet not found.',
    example: ADDRESS_EXAMPLE,
  })
  @IsOptional()
  @IsEvmOrTronAddress()
  wallet?: string;

  @ApiPropertyOptional({
    description:
      'Chain of a route of GET /v2/request/{requestId}/routes (upper-case, e.g. SEPOLIA, BASE): the request’s own network answers its ' +
      'transactions; another network needs a bridge, and cross-chain execution is not offered (400). Unknown names are a 400.',
    example: 'BASE',
    enum: [...SOURCE_CHAINS, 'SEPOLIA', 'TRON'],
  })
  @IsOptional()
  @IsString()
  @Length(1, 50)
  chain?: string;

  @ApiPropertyOptional({
    description:
      'Token of a route of /routes: the request’s own token (under its symbol or its source name) answers its transactions; another ' +
      'token would need a swap (400). Unknown names are a 400.',
    example: 'USDC',
    enum: SOURCE_TOKENS,
  })
  @IsOptional()
  @IsString()
  @Length(1, 50)
  token?: string;

  @ApiPropertyOptional({
    description:
      'Crypto-to-fiat: the payer (POST /v2/payer) whose KYC and agreement are completed; with paymentDetailsId the payment goes to ' +
      'the off-ramp’s deposit address (docs/crypto-to-fiat.md). 404 unknown payer, 403 not compliant.',
    example: 'user-123',
  })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  clientUserId?: string;

  @ApiPropertyOptional({
    description:
      'Crypto-to-fiat: approved payment details of that payer (POST /v2/payer/{clientUserId}/payment-details). 400 when the request ' +
      'was not created with isCryptoToFiatAvailable, 404 unknown or another payer’s, 409 not approved yet or another off-ramp already opened.',
    example: 'fa898aec-519c-46be-9b4c-e76ef4ff99d9',
  })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  paymentDetailsId?: string;
}
