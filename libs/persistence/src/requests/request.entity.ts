import type { RequestStatus } from '@payrail/domain';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn, type ValueTransformer } from 'typeorm';

/** numeric(78,0) <-> bigint (pg returns numeric as a string). */
export const BIGINT_NUMERIC: ValueTransformer = {
  to: (value: bigint | null | undefined) => (value === null || value === undefined ? value : value.toString()),
  from: (value: string | null) => (value === null ? null : BigInt(value)),
};

export type RequestKind = 'payout' | 'invoice';
export type RecurrenceFrequency = 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';

const money = (name: string) => ({ name, type: 'numeric' as const, precision: 78, scale: 0, transformer: BIGINT_NUMERIC });

/**
 * A payment request: what a payer owes a payee, identified on chain by its payment reference.
 * Created by a payout; settled by payment detection, which matches the fee proxies'
 * TransferWithReferenceAndFee logs on (network, reference_topic) and then payee, token and proxy.
 */
@Entity({ name: 'requests' })
export class RequestEntity {
  /** `01` + 64 hex. */
  @PrimaryColumn('text') id: string;
  /** 16 hex: the salt of the payment reference. */
  @Column('text') salt: string;
  /** `0x` + 16 hex. */
  @Column({ name: 'payment_reference', type: 'text' }) paymentReference: string;
  /** keccak256 of the reference's 8 bytes: the indexed topic of the proxy's event. */
  @Column({ name: 'reference_topic', type: 'text' }) referenceTopic: string;
  /** Owner: the platform, and the Client ID / orchestrator it was created with. */
  @Column({ name: 'platform_id', type: 'text' }) platformId: string;
  @Column({ name: 'client_id_id', type: 'text', nullable: true }) clientIdId: string | null;
  @Column({ name: 'orchestrator_id', type: 'text', nullable: true }) orchestratorId: string | null;
  /** Requests paid by one batch transaction share it. */
  @Column({ name: 'batch_id', type: 'text', nullable: true }) batchId: string | null;
  @Column('text') network: string;
  /** EIP-55 on EVM networks, base58 on Tron. */
  @Column('text') payee: string;
  @Column({ type: 'text', nullable: true }) payer: string | null;
  /** Currency ids as the caller named them, resolved ("USD", "fUSDC-sepolia"). */
  @Column({ name: 'invoice_currency', type: 'text' }) invoiceCurrency: string;
  /** In the invoice currency's base units (cents for USD). */
  @Column(money('invoice_amount')) invoiceAmount: bigint;
  @Column({ name: 'invoice_decimals', type: 'integer' }) invoiceDecimals: number;
  @Column({ name: 'payment_currency', type: 'text' }) paymentCurrency: string;
  /** Token contract; null for the network's native currency. */
  @Column({ name: 'currency_address', type: 'text', nullable: true }) currencyAddress: string | null;
  @Column({ name: 'currency_decimals', type: 'integer' }) currencyDecimals: number;
  /** The fee proxy whose event settles this request. */
  @Column({ name: 'proxy_address', type: 'text' }) proxyAddress: string;
  /** In the payment currency's base units, fee excluded. */
  @Column(money('expected_amount')) expectedAmount: bigint;
  @Column({ name: 'fee_percentage', type: 'text', nullable: true }) feePercentage: string | null;
  @Column(money('fee_amount')) feeAmount: bigint;
  @Column({ name: 'fee_address', type: 'text', nullable: true }) feeAddress: string | null;
  /** FieldCipher ciphertext (purpose "request-customer-info") of the customerInfo JSON. */
  @Column({ name: 'customer_info_encrypted', type: 'text', nullable: true }) customerInfoEncrypted: string | null;
  @Column({ type: 'text', nullable: true }) reference: string | null;
  @Column('text') status: RequestStatus;
  @Column(money('amount_paid')) amountPaid: bigint;
  /** Fees of the counted transfers paid to fee_address (settlement's fee rule). */
  @Column(money('fee_paid')) feePaid: bigint;
  /** An accepted underpayment (POST /v2/exceptions/{id}/accept): the request counts as paid from this amount. */
  @Column({ ...money('accepted_amount'), nullable: true }) acceptedAmount: bigint | null;
  @Column({ name: 'tx_hash', type: 'text', nullable: true }) txHash: string | null;
  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true }) paidAt: Date | null;
  /** `payout` (POST /v2/payouts, secure payments, recurring executions) or `invoice` (POST /v2/request). */
  @Column({ type: 'text', default: 'payout' }) kind: RequestKind;
  /** Invoices: the payee accepts crypto-to-fiat (stored and shown; the off-ramp itself is not offered yet). */
  @Column({ name: 'is_crypto_to_fiat_available', type: 'boolean', default: false }) isCryptoToFiatAvailable: boolean;
  /** Recurring invoices, on the series' first request: how often and from when a new period's request is issued. */
  @Column({ name: 'recurrence_frequency', type: 'text', nullable: true }) recurrenceFrequency: RecurrenceFrequency | null;
  @Column({ name: 'recurrence_start', type: 'timestamptz', nullable: true }) recurrenceStart: Date | null;
  /** Period of a recurring series: 0 for the first request, n for the one issued n periods after the start. */
  @Column({ name: 'recurrence_period', type: 'integer', nullable: true }) recurrencePeriod: number | null;
  /** On the series' first request: when the next period's request is due (null: not recurring, or stopped). */
  @Column({ name: 'next_period_at', type: 'timestamptz', nullable: true }) nextPeriodAt: Date | null;
  /** On the series' first request: PATCH /v2/request/{id} stopped the series. */
  @Column({ name: 'is_recurrence_stopped', type: 'boolean', default: false }) isRecurrenceStopped: boolean;
  /** The series' first request (a period), or the request the creator named in POST /v2/request. */
  @Column({ name: 'original_request_id', type: 'text', nullable: true }) originalRequestId: string | null;
  @Column({ name: 'original_request_payment_reference', type: 'text', nullable: true }) originalRequestPaymentReference: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
