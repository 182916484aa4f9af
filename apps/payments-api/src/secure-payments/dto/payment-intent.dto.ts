import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEvmOrTronAddress } from '@payrail/chains';
import { IsOptional, IsString, Length, Matches } from 'class-validator';

/** Body of POST /v2/secure-payments/{token}/intent: the transaction the page's wallet submitted. */
export class PaymentIntentDto {
  @ApiProperty({
    description: 'The submitted transaction: 0x + 64 hex on EVM networks, 64 hex (the transaction id) on Tron',
    example: '0x5f0c9e7d3b1a2c4e6f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6',
  })
  @IsString()
  @Matches(/^(0x)?[0-9a-fA-F]{64}$/, { message: 'txHash must be a transaction hash (0x + 64 hex, or 64 hex on Tron)' })
  txHash!: string;

  @ApiProperty({
    description: "The network it was sent on: the payment's `network` (e.g. `sepolia`, `base`, `tron`; any case)",
    example: 'sepolia',
  })
  @IsString()
  @Length(1, 32)
  chain!: string;

  @ApiPropertyOptional({ description: 'The wallet that sent it (informational: settlement reads the real sender from the chain)' })
  @IsOptional()
  @IsEvmOrTronAddress()
  payerAddress?: string;
}

/** 202 of POST /v2/secure-payments/{token}/intent. */
export class AcceptedPaymentIntentDto {
  @ApiProperty({
    description: 'The stored intent (the same id for a repeated report of the same transaction)',
    example: '01JH0000000000000000000000',
  })
  intentId!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "The payment's payment reference (null for a multicall, whose batch pays one reference per child)",
    example: '0xb3581f0b0f74cc61',
  })
  paymentReference!: string | null;

  @ApiProperty({ description: 'The transaction hash as stored (EVM lowercased)' })
  txHash!: string;

  @ApiProperty({
    description:
      'Whether a chain-worker received the intent and is fetching the receipt now; false when none listens or the payment is no longer open (detection still settles a payment on its regular pass)',
  })
  isListening!: boolean;
}
