import type { FeeBearer } from '@payrail/domain';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A platform's or an orchestrator's fee configuration (exactly one of the two owner columns is set). */
@Entity({ name: 'fee_configs' })
export class FeeConfigEntity {
  @PrimaryColumn('text') id: string;
  @Column({ name: 'platform_id', type: 'text', nullable: true }) platformId: string | null;
  @Column({ name: 'orchestrator_id', type: 'text', nullable: true }) orchestratorId: string | null;
  @Column('integer') bps: number;
  /** numeric(78,0) cents, read as a string by pg. */
  @Column({ name: 'usd_cap_cents', type: 'numeric', precision: 78, scale: 0, nullable: true }) usdCapCents: string | null;
  @Column({ name: 'fee_bearer', type: 'text' }) feeBearer: FeeBearer;
  @Column({ name: 'evm_recipient_address', type: 'text', nullable: true }) evmRecipientAddress: string | null;
  @Column({ name: 'tron_recipient_address', type: 'text', nullable: true }) tronRecipientAddress: string | null;
  @Column('text') status: 'active' | 'disabled';
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
