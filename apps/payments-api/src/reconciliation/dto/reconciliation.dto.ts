import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EVM_NETWORK_NAMES } from '@payrail/chains';
import { DISCREPANCY_CLASSES, RECONCILIATION_RUN_STATUSES } from '@payrail/domain';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';

const UTC_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?Z$/;

/** Body of POST /v2/reconciliation/runs. */
export class CreateReconciliationRunDto {
  @ApiProperty({ enum: EVM_NETWORK_NAMES, example: 'base', description: 'The EVM network whose fee-proxy logs are read again' })
  @IsIn(EVM_NETWORK_NAMES)
  network!: string;

  @ApiProperty({ example: '2026-11-27T00:00:00Z', description: 'Start of the window (UTC ISO 8601, included)' })
  @Matches(UTC_ISO, { message: 'from must be a UTC ISO 8601 date-time, e.g. 2026-11-27T00:00:00Z' })
  from!: string;

  @ApiProperty({
    example: '2026-11-28T00:00:00Z',
    description: 'End of the window (UTC ISO 8601, excluded); not in the future; at most 31 days after from',
  })
  @Matches(UTC_ISO, { message: 'to must be a UTC ISO 8601 date-time, e.g. 2026-11-28T00:00:00Z' })
  to!: string;
}

export class ListReconciliationRunsQueryDto {
  @ApiPropertyOptional({ enum: EVM_NETWORK_NAMES, description: 'Only runs of this network' })
  @IsOptional()
  @IsIn(EVM_NETWORK_NAMES)
  network?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20, description: 'Newest runs answered' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}

export class DiscrepancyCountsDto {
  @ApiProperty() missing_in_ledger!: number;
  @ApiProperty() missing_on_chain!: number;
  @ApiProperty() amount_mismatch!: number;
  @ApiProperty() fee_mismatch!: number;
  @ApiProperty() status_mismatch!: number;
}

export class ReconciliationRunDto {
  @ApiProperty({ example: '01JD3Y2ZK8Q7V6W5X4T3S2R1P1' }) id!: string;
  @ApiProperty({ example: 'base' }) network!: string;
  @ApiProperty({ example: '2026-11-27T00:00:00.000Z' }) from!: string;
  @ApiProperty({ example: '2026-11-28T00:00:00.000Z' }) to!: string;
  @ApiProperty({
    enum: ['platform', 'operator'],
    description: "`platform`: the caller's own run; `operator`: a nightly or admin run (only the caller's discrepancies are shown)",
  })
  scope!: 'platform' | 'operator';
  @ApiProperty({ enum: ['api', 'cli', 'schedule'] }) trigger!: string;
  @ApiProperty({ enum: RECONCILIATION_RUN_STATUSES }) status!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'First block of the window (null until the run starts)' }) fromBlock!:
    number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Last block of the window read (the head less its confirmations when the window reaches it)',
  })
  toBlock!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Next block to read while running (the run resumes there)' }) nextBlock!:
    number | null;
  @ApiProperty({ description: "Payment logs of the run's requests found on the chain" }) chainTransfers!: number;
  @ApiProperty({ description: 'Transfers the ledger holds for the same blocks' }) ledgerTransfers!: number;
  @ApiProperty({ type: DiscrepancyCountsDto }) discrepancies!: DiscrepancyCountsDto;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ type: String, nullable: true }) startedAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) completedAt!: string | null;
}

export class ReconciliationRunListDto {
  @ApiProperty({ type: [ReconciliationRunDto] }) runs!: ReconciliationRunDto[];
}

export class DiscrepancyDto {
  @ApiProperty({ enum: DISCREPANCY_CLASSES }) class!: string;
  @ApiProperty({ type: String, nullable: true }) requestId!: string | null;
  @ApiProperty({ description: 'keccak256 of the payment reference (the log topic)' }) referenceTopic!: string;
  @ApiProperty({ type: String, nullable: true, description: 'null for status_mismatch' }) txHash!: string | null;
  @ApiProperty({ type: Number, nullable: true }) logIndex!: number | null;
  @ApiProperty({ type: Number, nullable: true }) blockNumber!: number | null;
  @ApiProperty({
    type: Object,
    nullable: true,
    description:
      "The chain's side: the log's contract, block, blockHash, token, to, amount, feeAmount, feeAddress (base units); for status_mismatch what the request's settled transfers add up to",
  })
  chain!: Record<string, unknown> | null;
  @ApiProperty({
    type: Object,
    nullable: true,
    description: "The ledger's side, same fields; for status_mismatch the request's stored status, amountPaid, feePaid",
  })
  ledger!: Record<string, unknown> | null;
  @ApiProperty({ type: String, nullable: true, description: 'When an operator re-ingested it (missing_in_ledger)' }) repairedAt!:
    string | null;
}

export class ReconciliationRunDetailDto extends ReconciliationRunDto {
  @ApiProperty({ type: [DiscrepancyDto] }) discrepancyItems!: DiscrepancyDto[];
}
