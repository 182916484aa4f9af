import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { SINGLE_SECURE_PAYMENT_STATUSES } from '@payrail/domain';
import { BrandingResponseDto, FeePlanDto } from './page-shapes.dto.js';
import { DepositDto } from '../../payments/dto/deposit.dto.js';
import { AccessDecisionDto, PayerViolationDto, PaymentOptionDto } from './page-access.dto.js';
import { MerchantDto, ReceiptDto } from './page-trust.dto.js';

/** The destination of a secure payment (inner fields not shown by the spec: ours, after Request Network's destination object). */
export class SecurePaymentDestinationDto {
  @ApiProperty({ description: 'Payee destination row id' }) id!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Null while the payee address is masked' }) destinationId!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Null while the payee address is masked' }) humanReadableInteropAddress!:
    string | null;
  @ApiProperty({ description: 'Masked (ends only) while the payee address is masked' }) walletAddress!: string;
  @ApiProperty() tokenAddress!: string;
  @ApiProperty() chainId!: number;
  @ApiProperty() network!: string;
  @ApiProperty({ description: 'Currency id of the token', example: 'USDC-base' }) currency!: string;
}

export class CreatedSecurePaymentDto {
  @ApiProperty({ description: 'Secure payment token (ULID)', example: '01JDQ4W9ZK3M7T1B2C3D4E5F6G' }) token!: string;
  @ApiProperty({
    description: 'Hosted page of the payment, with the public Client ID the page calls the API with',
    example: 'https://pay.payrail.example/01JDQ4W9ZK3M7T1B2C3D4E5F6G?clientId=pk_live_...',
  })
  securePaymentUrl!: string;
  @ApiProperty({ type: [String], description: 'Requests created behind the payment' }) requestIds!: string[];
  @ApiPropertyOptional({
    type: FeePlanDto,
    nullable: true,
    description: 'The fee plan stored with the link (docs/fee-plans.md); null when no fee applies',
  })
  feePlan?: FeePlanDto | null;
}

@ApiExtraModels(PaymentOptionDto)
export class SecurePaymentDataDto {
  @ApiProperty({ enum: ['single'] }) paymentType!: string;
  @ApiProperty({ enum: SINGLE_SECURE_PAYMENT_STATUSES }) status!: string;
  @ApiProperty({ type: String, nullable: true }) redirectUrl!: string | null;
  @ApiProperty({ type: String, nullable: true }) redirectLabel!: string | null;
  @ApiProperty({ format: 'date-time', description: "Extension: when the link expires (the hosted page's countdown)" }) expiresAt!: string;
  @ApiProperty({ type: BrandingResponseDto, nullable: true, description: 'Null when the creator set no branding; unset fields null' })
  branding!: BrandingResponseDto | null;
  @ApiProperty({ type: [String] }) requestIds!: string[];
  @ApiProperty({ description: 'Payee wallet; masked (0x1234…abcd) while isPayeeAddressMasked' }) payee!: string;
  @ApiProperty({ example: 'base' }) network!: string;
  @ApiProperty({ description: 'Human-readable amount in the payment currency', example: '10.5' }) amount!: string;
  @ApiProperty({ example: 'USDC-base' }) paymentCurrency!: string;
  @ApiProperty() isNativeCurrency!: boolean;
  @ApiProperty({
    type: SecurePaymentDestinationDto,
    nullable: true,
    description:
      'The payee destination the payment was created for (`requests[].destinationId`), as it was then; null when created with payee and currencies',
  })
  destination!: SecurePaymentDestinationDto | null;
  @ApiProperty({ type: String, nullable: true }) reference!: string | null;
  @ApiProperty({
    type: FeePlanDto,
    nullable: true,
    description: 'The fee at the USD rate of the payment currency (USD fields null when it is unavailable); null without a fee',
  })
  feePlan!: FeePlanDto | null;
  @ApiPropertyOptional({ type: String, nullable: true }) orchestratorId?: string | null;
  @ApiPropertyOptional() isPayeeAddressMasked?: boolean;
  @ApiPropertyOptional({
    type: AccessDecisionDto,
    description:
      'Only a wallet proven with x-wallet-proof is approved on a payment with an allowlist, ' +
      'KYT or a hidden payee; a wallet only named in the query is `wallet_not_proven`.',
  })
  accessDecision?: AccessDecisionDto;
  @ApiProperty({
    type: MerchantDto,
    description: "Extension: the platform's display name and the branding's logo, for the payer to recognise",
  })
  merchant!: MerchantDto;
  @ApiProperty({ description: "Extension: the network's display name (the local chain says so)", example: 'Base' }) networkName!: string;
  @ApiProperty({ description: "Extension: the payment currency's name from the token list", example: 'USD Coin' }) tokenName!: string;
  @ApiProperty({ description: "Extension: the payment currency's symbol", example: 'USDC' }) tokenSymbol!: string;
  @ApiProperty({
    description: 'Extension: the fee the payer adds, human-readable in the payment currency ("0" without one)',
    example: '0.105',
  })
  feeAmount!: string;
  @ApiProperty({ description: 'Extension: amount plus fee, what the payer sends in total', example: '10.605' }) payerTotalAmount!: string;
  @ApiProperty({
    type: ReceiptDto,
    nullable: true,
    description:
      'Extension: the settlement (transaction, time, explorer link) once the expected amount is paid; null before and while partial',
  })
  receipt!: ReceiptDto | null;
  @ApiPropertyOptional({
    type: PayerViolationDto,
    description:
      'Extension: when a wallet the access policy refuses ' +
      'paid; the status is then compliance_failed (the payee did receive the money).',
  })
  payerViolation?: PayerViolationDto;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'object', additionalProperties: { $ref: getSchemaPath(PaymentOptionDto) } },
    description:
      'With `wallet`/`eoaWallet` (EVM): `{CHAIN: {TOKEN: {balance, hasEnoughBalance, neededAmount, unavailable?}}}` for the wallet holding the funds ' +
      '(`eoaWallet`, else `wallet`): the payment currency on its own network, and every same-peg cross-chain source (USDC, USDT, USDT0 for a USD ' +
      'stablecoin payment; EURC for EURC) on every chain with an RPC; with `token` + `chain`, just that source. `neededAmount` is the amount plus ' +
      'fee at par in that token, rounded up to its decimals; no bridging fees or quotes. A network that fails or does not answer in time reports ' +
      '`balance: null, hasEnoughBalance: null, unavailable: "rpc_timeout" | "rpc_error"`; a named source on a network without RPC `"no_rpc"`.',
    example: { BASE: { USDC: { balance: '20', hasEnoughBalance: true, neededAmount: '12.75' } } },
  })
  paymentOptions?: Record<string, Record<string, PaymentOptionDto>>;
  @ApiPropertyOptional({
    type: DepositDto,
    description:
      'Extension (pay by transfer): the deposit address a plain transfer from any wallet or exchange pays, and what it received so far; ' +
      'absent where the request has none (no deposit factory on the network, a conversion or Tron request)',
  })
  deposit?: DepositDto;
}

export class InvalidatedSecurePaymentDto {
  @ApiProperty() token!: string;
  @ApiProperty({ enum: ['invalidated'] }) status!: string;
}
