import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type RecurringExecutionStatus = 'submitted' | 'succeeded' | 'failed';

/**
 * Payment `index` (1-based) of a schedule: its request (and so its payment reference), claimed
 * before the transaction is sent so no replica sends it twice.
 */
@Entity({ name: 'recurring_executions' })
export class RecurringExecutionEntity {
  @PrimaryColumn({ name: 'recurring_payment_id', type: 'text' }) recurringPaymentId: string;
  @PrimaryColumn('integer') index: number;
  @Column({ name: 'request_id', type: 'text' }) requestId: string;
  @Column('text') status: RecurringExecutionStatus;
  @Column({ name: 'tx_hash', type: 'text', nullable: true }) txHash: string | null;
  /** The relayer's nonce of txHash: a stuck transaction is replaced with this nonce, not duplicated. */
  @Column({ name: 'relayer_nonce', type: 'integer', nullable: true }) relayerNonce: number | null;
  @Column({ type: 'text', nullable: true }) error: string | null;
  /** The failure reason code of the latest failed attempt of this payment. */
  @Column({ name: 'sub_status', type: 'text', nullable: true }) subStatus: string | null;
  /** Set when the payment was made after failed attempts: the reason it recovered from. */
  @Column({ name: 'recovered_from', type: 'text', nullable: true }) recoveredFrom: string | null;
  @Column({ name: 'executed_at', type: 'timestamptz', nullable: true }) executedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
