import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { BIGINT_NUMERIC } from '../requests/request.entity.js';

export const RECURRING_STATUSES = ['awaiting_signature', 'active', 'paused', 'cancelled', 'completed'] as const;
export type RecurringStatus = (typeof RECURRING_STATUSES)[number];

/** The typed data the subscriber signs, as POST /v2/payouts answered it (`values` with decimal strings). */
export interface StoredPermit {
  domain: { name: string; version: string; chainId: number; verifyingContract: string };
  types: { SchedulePermit: { name: string; type: string }[] };
  values: {
    subscriber: string;
    token: string;
    recipient: string;
    feeAddress: string;
    amount: string;
    feeAmount: string;
    gasFee: string;
    periodSeconds: number;
    firstExec: number;
    totalExecutions: number;
    nonce: string;
    deadline: number;
  };
}

const money = (name: string) => ({ name, type: 'numeric' as const, precision: 78, scale: 0, transformer: BIGINT_NUMERIC });
const BIGINT_NUMBER = { to: (v: number) => v, from: (v: string | number) => Number(v) };

/** A recurring payment schedule: what the subscriber signed, and how far its execution is. */
@Entity({ name: 'recurring_payments' })
export class RecurringPaymentEntity {
  /** ULID. */
  @PrimaryColumn('text') id: string;
  @Column({ name: 'platform_id', type: 'text' }) platformId: string;
  @Column({ name: 'client_id_id', type: 'text', nullable: true }) clientIdId: string | null;
  @Column('text') status: RecurringStatus;
  @Column('text') network: string;
  /** The ERC20RecurringPaymentProxy that verifies the permit (its verifyingContract). */
  @Column({ name: 'recurring_proxy', type: 'text' }) recurringProxy: string;
  /** The ERC20FeeProxy it pays through: the proxy of each execution's request. */
  @Column({ name: 'fee_proxy', type: 'text' }) feeProxy: string;
  @Column('text') payer: string;
  @Column('text') payee: string;
  @Column('text') token: string;
  @Column({ name: 'payment_currency', type: 'text' }) paymentCurrency: string;
  @Column({ name: 'currency_decimals', type: 'integer' }) currencyDecimals: number;
  @Column({ name: 'invoice_currency', type: 'text' }) invoiceCurrency: string;
  @Column(money('invoice_amount')) invoiceAmount: bigint;
  @Column({ name: 'invoice_decimals', type: 'integer' }) invoiceDecimals: number;
  /** Per payment, in the token's base units, fee excluded. */
  @Column(money('amount')) amount: bigint;
  @Column({ name: 'fee_percentage', type: 'text', nullable: true }) feePercentage: string | null;
  @Column(money('fee_amount')) feeAmount: bigint;
  @Column({ name: 'fee_address', type: 'text', nullable: true }) feeAddress: string | null;
  @Column(money('gas_fee')) gasFee: bigint;
  @Column('text') frequency: string;
  @Column({ name: 'period_seconds', type: 'integer' }) periodSeconds: number;
  /** Unix seconds of payment 1. */
  @Column({ name: 'first_exec', type: 'bigint', transformer: BIGINT_NUMBER }) firstExec: number;
  @Column({ name: 'total_payments', type: 'integer' }) totalPayments: number;
  @Column({ type: 'jsonb' }) permit: StoredPermit;
  @Column({ name: 'permit_signature', type: 'text', nullable: true }) permitSignature: string | null;
  @Column({ name: 'processed_payments', type: 'integer' }) processedPayments: number;
  @Column({ name: 'failure_count', type: 'integer' }) failureCount: number;
  @Column({ name: 'failure_reason', type: 'text', nullable: true }) failureReason: string | null;
  /** The failure reason code of the latest failed attempt (payment.failed's subStatus), null once paid. */
  @Column({ name: 'failure_sub_status', type: 'text', nullable: true }) failureSubStatus: string | null;
  /** Chain time of the failing period's first failed attempt (the dunning round's start), null when none is failing. */
  @Column({ name: 'dunning_since', type: 'timestamptz', nullable: true }) dunningSince: Date | null;
  /** Failed attempts of the failing period so far. */
  @Column({ name: 'dunning_attempts', type: 'integer', default: 0 }) dunningAttempts: number;
  /** Chain time before which the failing period is not tried again (absolute, so moving the chain's time drives it). */
  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true }) nextAttemptAt: Date | null;
  /** Chain time the schedule went past due (paused by dunning); null otherwise. */
  @Column({ name: 'past_due_at', type: 'timestamptz', nullable: true }) pastDueAt: Date | null;
  /** Why a cancelled schedule was cancelled: `requested` (PATCH cancel) or `nonpayment` (dunning). */
  @Column({ name: 'cancellation_reason', type: 'text', nullable: true }) cancellationReason: 'requested' | 'nonpayment' | null;
  @Column({ type: 'text', nullable: true }) reference: string | null;
  /** The test clock whose time the schedule runs on (local and staging only), or null: the chain's time. */
  @Column({ name: 'test_clock_id', type: 'text', nullable: true }) testClockId: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;

  /** amount + fee + gas fee: what one execution pulls from the subscriber. */
  get perPayment(): bigint {
    return this.amount + this.feeAmount + this.gasFee;
  }
}
