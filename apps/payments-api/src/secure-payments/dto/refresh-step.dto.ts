import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsObject, IsString, Length, Matches, Max, Min, ValidateNested } from 'class-validator';

/** The kinds of step a payment has: its approval(s), then the payment (the pay route's `metadata` indexes). */
export const STEP_TYPES = ['approval', 'payment'] as const;

export class StepActionDto {
  @ApiProperty({ description: 'Chain the step runs on (the payment network; 11155111 for sepolia)', example: 11155111 })
  @IsInt()
  @Min(1)
  @Max(2 ** 32)
  toChainId!: number;

  @ApiProperty({ pattern: '^0x[0-9a-fA-F]{40}$', description: 'Contract the step calls, as the pay route answered it (`to`)' })
  @IsString()
  @Matches(/^0x[0-9a-fA-F]{40}$/, { message: 'toAddress must be an EVM address (0x + 40 hex)' })
  toAddress!: string;
}

/** A step of the pay route's answer, as the page knows it. */
export class RouteStepDto {
  @ApiProperty({ description: "The page's id of the step; echoed back" }) @IsString() @Length(1, 100) id!: string;

  @ApiProperty({
    enum: STEP_TYPES,
    description: '`approval`: the next approval still needed; `payment`: the payment (or batch) transaction',
  })
  @IsIn(STEP_TYPES)
  type!: (typeof STEP_TYPES)[number];

  @ApiProperty({ description: "The page's tool name for the step; echoed back (Request Network: the bridge or DEX)" })
  @IsString()
  @Length(1, 100)
  tool!: string;

  @ApiProperty({ type: StepActionDto })
  @IsObject()
  @ValidateNested()
  @Type(() => StepActionDto)
  action!: StepActionDto;
}

/** Body of POST /v2/secure-payments/{token}/refresh-step-transaction (Request Network's shape). */
export class RefreshStepDto {
  @ApiProperty({ type: RouteStepDto })
  @IsObject()
  @ValidateNested()
  @Type(() => RouteStepDto)
  step!: RouteStepDto;
}

/** A transaction to send, as the pay route answers them. */
export class StepTransactionDto {
  @ApiProperty() to!: string;
  @ApiProperty() data!: string;
  @ApiProperty({ description: 'Native value: `{type: "BigNumber", hex}` (or 0)', oneOf: [{ type: 'object' }, { type: 'number' }] })
  value!: unknown;
  @ApiProperty({ description: 'Chain to send it on' }) chainId!: number;
}

export class RefreshedStepDto {
  @ApiProperty({ type: RouteStepDto }) step!: RouteStepDto;
  @ApiProperty({
    type: StepTransactionDto,
    nullable: true,
    description: 'Null: the step is no longer needed (the allowance already covers it)',
  })
  transactionRequest!: StepTransactionDto | null;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: "The pay route's metadata, read now" })
  metadata!: Record<string, unknown>;
}
