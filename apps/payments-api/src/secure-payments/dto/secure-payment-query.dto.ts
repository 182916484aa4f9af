import { ApiPropertyOptional } from '@nestjs/swagger';
import { SOURCE_CHAINS, SOURCE_TOKENS } from '@payrail/domain';
import { IsOptional, IsString } from 'class-validator';

/**
 * Query of GET /v2/secure-payments/{token}. Only shapes here; the spec's rules between the
 * fields (token with chain, eoaWallet vs isSafe, isSafe=true needs wallet, addresses) live in
 * the domain (securePaymentQueryErrors) so they answer one 400 naming every field.
 */
export class SecurePaymentQueryDto {
  @ApiPropertyOptional({ enum: SOURCE_TOKENS, description: 'Source token of a crosschain payment; only together with chain' })
  @IsOptional()
  @IsString()
  token?: string;

  @ApiPropertyOptional({ enum: SOURCE_CHAINS, description: 'Source chain' })
  @IsOptional()
  @IsString()
  chain?: string;

  @ApiPropertyOptional({ description: 'Payer wallet (EVM or Tron); with isSafe=true, the multisig address' })
  @IsOptional()
  @IsString()
  wallet?: string;

  @ApiPropertyOptional({ description: 'EOA holding the funds; mutually exclusive with isSafe' })
  @IsOptional()
  @IsString()
  eoaWallet?: string;

  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'Multisig payer; true requires wallet' })
  @IsOptional()
  @IsString()
  isSafe?: string;
}
