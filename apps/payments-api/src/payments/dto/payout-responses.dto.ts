import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class BigNumberValueDto {
  @ApiProperty({ enum: ['BigNumber'] }) type!: 'BigNumber';
  @ApiProperty({ description: '0x-prefixed hex, whole bytes', example: '0x02c68af0bb140000' }) hex!: string;
}

class TronParameterDto {
  @ApiProperty({ example: 'address' }) type!: string;
  @ApiProperty({ example: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }) value!: string;
}

export class PayoutTransactionDto {
  @ApiProperty({ description: 'Calldata (hex)', example: '0xc219a14d...' }) data!: string;
  @ApiProperty({ description: 'Contract called: EIP-55 on EVM networks, base58 on Tron' }) to!: string;
  @ApiProperty({
    description: '`{type: "BigNumber", hex}` for a native-currency payment; the number 0 for an approval or token call',
    oneOf: [{ $ref: '#/components/schemas/BigNumberValueDto' }, { type: 'number', enum: [0] }],
  })
  value!: BigNumberValueDto | 0;
  @ApiPropertyOptional({ description: 'Tron only: TronWeb triggerSmartContract function selector', example: 'approve(address,uint256)' })
  functionSelector?: string;
  @ApiPropertyOptional({ type: [TronParameterDto], description: 'Tron only: parameters with base58 addresses' })
  parameters?: TronParameterDto[];
  @ApiPropertyOptional({ type: 'integer', description: 'Tron only: fee limit in SUN' }) feeLimit?: number;
}

export class PayoutMetadataDto {
  @ApiProperty({ type: 'integer', example: 2 }) stepsRequired!: number;
  @ApiProperty() needsApproval!: boolean;
  @ApiProperty({ type: 'integer', nullable: true, example: 0 }) approvalTransactionIndex!: number | null;
  @ApiProperty({ type: 'integer', example: 1, description: 'Index of the payment transaction (Request Network clients read it)' })
  paymentTransactionIndex!: number;
  @ApiProperty({ description: "The payer's balance covers amount + fee (true when no payer wallet was given)" }) hasEnoughBalance!: boolean;
  @ApiProperty({ description: "The payer's native balance covers the estimated gas (and a native amount); true without a payer wallet" })
  hasEnoughGas!: boolean;
}

/** 201 of POST /v2/payouts without recurrence. */
export class OneTimePayoutResponseDto {
  @ApiProperty({ description: '`01` + 64 hex', example: '01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb' })
  requestId!: string;
  @ApiProperty({ description: 'Short reference of the payment: `0x` + 16 hex', example: '0xb3581f0b0f74cc61' }) paymentReference!: string;
  @ApiProperty({ type: [PayoutTransactionDto], description: 'To sign and send in order' }) transactions!: PayoutTransactionDto[];
  @ApiProperty({ type: PayoutMetadataDto }) metadata!: PayoutMetadataDto;
}

export class BatchPaymentTransactionDto {
  @ApiProperty() data!: string;
  @ApiProperty({ description: 'The batch contract' }) to!: string;
  @ApiProperty({ type: BigNumberValueDto, description: 'Native amounts, fees and batch fee of the batch ("0x00" without)' })
  value!: BigNumberValueDto;
}

class BatchRequestDto {
  @ApiProperty() requestId!: string;
  @ApiProperty() paymentReference!: string;
}

class BatchFeeAmountDto {
  @ApiProperty({ example: 'fUSDC-sepolia' }) currency!: string;
  @ApiProperty({ type: 'string', nullable: true, description: 'The token, or null for the native currency' }) token!: string | null;
  @ApiProperty({ description: 'Human units', example: '0.045' }) amount!: string;
  @ApiProperty({ description: 'Base units', example: '45000' }) units!: string;
}

class BatchFeeDto {
  @ApiProperty({ enum: [true], description: 'The batch fee is in the approvals and the value' }) included!: true;
  @ApiProperty({
    type: 'integer',
    example: 30,
    description: "The batch contract's batchFee(): basis points of the request amounts (fees excluded)",
  })
  bps!: number;
  @ApiProperty({ example: '0.3' }) percentage!: string;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'Receives every fee and the batch fee: the batch fee address, else the payer (the batch fee returns to them)',
  })
  recipient!: string | null;
  @ApiProperty({ type: [BatchFeeAmountDto], description: 'Per payment currency of the batch' }) amounts!: BatchFeeAmountDto[];
}

class BatchMetadataDto {
  @ApiProperty({ type: 'integer' }) stepsRequired!: number;
  @ApiProperty() needsApproval!: boolean;
  @ApiProperty() hasEnoughBalance!: boolean;
  @ApiProperty() hasEnoughGas!: boolean;
  @ApiProperty({
    type: BatchFeeDto,
    description: "Payrail extension: Request Network's batch contract fee, included in the approvals and value",
  })
  batchFee!: BatchFeeDto;
}

/** 201 of POST /v2/payouts/batch. */
export class BatchPayoutResponseDto {
  @ApiProperty({
    type: [PayoutTransactionDto],
    description: 'approve(batchContract, total) per token whose allowance is short (total = amounts + fees + batch fee); always an array',
  })
  ERC20ApprovalTransactions!: PayoutTransactionDto[];
  @ApiProperty({ type: BatchPaymentTransactionDto }) batchPaymentTransaction!: BatchPaymentTransactionDto;
  @ApiProperty({ type: [BatchRequestDto], description: 'The request of each payment, in the order given' }) requests!: BatchRequestDto[];
  @ApiProperty({ type: BatchMetadataDto }) metadata!: BatchMetadataDto;
}
