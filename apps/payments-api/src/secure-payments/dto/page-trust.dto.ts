import { ApiProperty } from '@nestjs/swagger';

/** Extension: who asks to be paid (GET /v2/secure-payments/{token}). */
export class MerchantDto {
  @ApiProperty({ description: "The platform's display name", example: 'Acme Shop' }) name!: string;
  @ApiProperty({ type: String, nullable: true, description: "The branding's logo (its logoPath), or null" }) logoUrl!: string | null;
}

/** Extension: what a payer keeps once the request is paid. */
export class ReceiptDto {
  @ApiProperty({ description: 'The settling transaction (hash, or Tron transaction id)' }) txHash!: string;
  @ApiProperty({ format: 'date-time', description: 'When payment detection recorded the settlement' }) settledAt!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The transaction on the network's public explorer; null where the network has none (the local chain)",
    example: 'https://basescan.org/tx/0x…',
  })
  explorerUrl!: string | null;
  @ApiProperty({ description: 'Human-readable amount that reached the payee, in the payment currency', example: '10.5' })
  amountPaid!: string;
  @ApiProperty({ description: 'Human-readable fee paid on top, in the payment currency ("0" without a fee)', example: '0.105' })
  feePaid!: string;
}
