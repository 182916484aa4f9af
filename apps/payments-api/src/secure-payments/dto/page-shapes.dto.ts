import { ApiProperty } from '@nestjs/swagger';

/** Spec: the multicall branding object (the single record's branding has the same shape). */
export class BrandingResponseDto {
  @ApiProperty({ description: 'The payment token the branding belongs to' }) id!: string;
  @ApiProperty({ type: String, nullable: true }) clientIdId!: string | null;
  @ApiProperty({ type: String, nullable: true }) orchestratorId!: string | null;
  @ApiProperty({ type: String, nullable: true }) logoPath!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '#ffffff' }) pageBackgroundColor!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '#ffffff' }) cardBackgroundColor!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '#0052ff' }) primaryActionColor!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '#111111' }) primaryTextColor!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '#666666' }) secondaryTextColor!: string | null;
  @ApiProperty({ type: String, nullable: true }) termsPath!: string | null;
  @ApiProperty({ type: String, nullable: true }) privacyPath!: string | null;
  @ApiProperty() displayRequestBranding!: boolean;
}

class DestinationRefDto {
  @ApiProperty({ type: String, nullable: true, description: 'The fee address on an EVM network (masked with the payee)' })
  evmAddress!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The fee address on Tron' }) tronAddress!: string | null;
}

const USD = (description: string) => ({
  type: String,
  nullable: true,
  description: `${description}; null without a USD rate`,
  example: '0.25',
});

/** Spec: fee entry: the Client ID's legacy fee, the platform's or the orchestrator's fee configuration (docs/fee-plans.md). */
export class FeeEntryDto {
  @ApiProperty({ enum: ['platform', 'orchestrator'] }) type!: string;
  @ApiProperty({ example: 'Platform fee' }) label!: string;
  @ApiProperty({ enum: ['payer', 'payee'] }) feeBearer!: string;
  @ApiProperty({ enum: ['fee_config'] }) feeBearerSource!: string;
  @ApiProperty({ type: 'integer', description: 'The percentage in basis points (rounded half up)', example: 200 }) percentageBps!: number;
  @ApiProperty({ type: String, nullable: true, description: 'The configured cap in USD; null without one', example: '5.00' })
  capUsd!: string | null;
  @ApiProperty(USD('The fee in USD')) calculatedAmountUsd!: string | null;
  @ApiProperty({ enum: ['fee_address', 'fee_config_address'] }) destinationResolver!: string;
  @ApiProperty({ type: DestinationRefDto }) destinationRef!: DestinationRefDto;
  @ApiProperty({ enum: ['client_id', 'platform_fee_config', 'orchestrator_fee_config'] }) configSource!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Always null: no fixed part' }) fixedAmountUsd!: null;
}

/** Spec: fee plan (multicall child and single record); null where no fee applies. */
export class FeePlanDto {
  @ApiProperty({ type: 'integer', example: 1 }) version!: number;
  @ApiProperty({ enum: ['get_paid', 'pay'] }) flow!: string;
  @ApiProperty({ enum: ['payer', 'payee'] }) defaultFeeBearer!: string;
  @ApiProperty(USD('Amount plus payer-borne fees (what the payer pays)')) grossAmountUsd!: string | null;
  @ApiProperty(USD('What the recipient receives')) netRecipientAmountUsd!: string | null;
  @ApiProperty(USD('What the payer pays: amount plus payer-borne fees')) payerTotalAmountUsd!: string | null;
  @ApiProperty(USD('Every fee')) totalFeesUsd!: string | null;
  @ApiProperty(USD('Fees deducted from what the payee receives')) payeeBorneFeesUsd!: string | null;
  @ApiProperty(USD('Fees paid on top by the payer')) payerBorneFeesUsd!: string | null;
  @ApiProperty({ type: [FeeEntryDto] }) fees!: FeeEntryDto[];
}
