import { ApiProperty } from '@nestjs/swagger';

export class UncountedDepositTransferDto {
  @ApiProperty() tokenAddress!: string;
  @ApiProperty({ description: 'Base units' }) amountUnits!: string;
  @ApiProperty() txHash!: string;
}

export class DepositConfirmationsDto {
  @ApiProperty({ description: 'Blocks on top of the newest token transfer to the address (at most `required`)', example: 1 }) seen!: number;
  @ApiProperty({ description: 'Confirmations the platform waits for on this network before the deposit counts', example: 3 })
  required!: number;
}

/** Extension (pay by transfer): the request's deposit address and what it received. See docs/deposit-addresses.md. */
export class DepositDto {
  @ApiProperty({ description: 'Deposit address: a plain transfer of `amount` of the token to it pays the request (EIP-55)' })
  address!: string;
  @ApiProperty({ example: 'base' }) network!: string;
  @ApiProperty({ example: 8453 }) chainId!: number;
  @ApiProperty({ type: String, nullable: true, description: "The ERC-20 token to send; null: the network's native currency" })
  tokenAddress!: string | null;
  @ApiProperty({ description: 'What to send (amount + fee), human-readable', example: '10.5' }) amount!: string;
  @ApiProperty({ description: 'What to send, base units', example: '10500000' }) amountUnits!: string;
  @ApiProperty({ description: "Received so far at the network's confirmed block, human-readable" }) received!: string;
  @ApiProperty({ description: 'Received so far, base units' }) receivedUnits!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'The confirmed block the balance was read at' }) receivedBlock!: number | null;
  @ApiProperty({ enum: ['awaiting', 'partial', 'received', 'sweeping', 'swept', 'failed'] }) status!: string;
  @ApiProperty({ type: String, nullable: true, description: "The relayer's sweep transaction (pays through the fee proxy)" })
  sweepTxHash!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The sweep's gas cost paid by the platform's relayer, wei" })
  sweepGasCost!: string | null;
  @ApiProperty({
    type: DepositConfirmationsDto,
    nullable: true,
    description:
      'Confirmations of the newest token transfer to the address; null before one is seen (native deposits: none, see `received`)',
  })
  confirmations!: DepositConfirmationsDto | null;
  @ApiProperty({ type: [UncountedDepositTransferDto], description: 'Transfers of other tokens to the address: recorded, never counted' })
  uncountedTransfers!: UncountedDepositTransferDto[];
}
