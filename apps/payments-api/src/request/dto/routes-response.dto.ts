import { ApiProperty } from '@nestjs/swagger';

export class RouteFeeDto {
  @ApiProperty({ enum: ['platform'], description: 'Only the platform fee is itemised (gas is not estimated here)' }) type!: 'platform';
  @ApiProperty({ enum: ['sending'], description: 'Paid with the payment, on top of its amount' }) stage!: 'sending';
  @ApiProperty({ example: 'payrail' }) provider!: string;
  @ApiProperty({ description: 'Human-readable, in the payment currency', example: '0.25' }) amount!: string;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'In USD at the current rate, to the cent; null without a rate',
    example: '0.25',
  })
  amountInUSD!: string | null;
  @ApiProperty({ description: 'Payment currency id', example: 'USDC-base' }) currency!: string;
  @ApiProperty({ description: 'The fee address' }) receiverAddress!: string;
  @ApiProperty({ description: 'Network of the payment', example: 'base' }) network!: string;
  @ApiProperty({ enum: ['chainlink'], required: false, description: 'Source of amountInUSD' }) rateProvider?: 'chainlink';
}

export class PaymentRouteDto {
  @ApiProperty({
    description: '`REQUEST_NETWORK_PAYMENT` for the direct payment; `CHAIN-CHAIN-TOKEN-TOKEN` for the same payment under a source name',
    example: 'REQUEST_NETWORK_PAYMENT',
  })
  id!: string;
  @ApiProperty({ description: 'Upper-case chain name: BASE, OPTIMISM... or the network upper-cased (SEPOLIA, TRON)', example: 'BASE' })
  chain!: string;
  @ApiProperty({ description: 'Token symbol paid', example: 'USDC' }) token!: string;
  @ApiProperty({
    description:
      'Total fee of the route in the payment currency, as a number for display (exact amounts in feeBreakdown): the platform fee',
    example: 0.25,
  })
  fee!: number;
  @ApiProperty({ type: 'number', nullable: true, description: 'The fee in USD (null without a rate)', example: 0.25 })
  feeInUSD!: number | null;
  @ApiProperty({ enum: ['FAST'], description: 'Same-chain routes are FAST' }) speed!: 'FAST';
  @ApiProperty({ description: 'No swap, no price impact', example: 0 }) price_impact!: number;
  @ApiProperty({ type: [RouteFeeDto] }) feeBreakdown!: RouteFeeDto[];
}

export class PlatformFeeDto {
  @ApiProperty({ description: 'Percent of the amount ("2.5" = 2.5 %)', example: '2.5' }) percentage!: string;
  @ApiProperty({ description: 'Receives the fee' }) address!: string;
}

/** 200 of GET /v2/request/{requestId}/routes. */
export class RequestRoutesResponseDto {
  @ApiProperty({
    type: [PaymentRouteDto],
    description:
      'The routes Payrail executes, direct first. Never a cross-chain or swap route: those are not offered (GET /pay answers 400 for them).',
  })
  routes!: PaymentRouteDto[];
  @ApiProperty({
    type: PlatformFeeDto,
    nullable: true,
    description: 'The fee this payment pays on top (the request’s own, a Client ID’s, or the query’s); null without one',
  })
  platformFee!: PlatformFeeDto | null;
}
