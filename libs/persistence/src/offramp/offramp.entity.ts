import type { DomainEvent, OfframpState, OfframpSubStatus } from '@payrail/domain';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The off-ramp opened for one crypto-to-fiat request. */
@Entity({ name: 'offramps' })
export class OfframpEntity {
  @PrimaryColumn('uuid') id: string;
  @Column({ name: 'platform_id', type: 'text' }) platformId: string;
  @Column({ name: 'request_id', type: 'text' }) requestId: string;
  @Column({ name: 'payment_details_id', type: 'uuid' }) paymentDetailsId: string;
  @Column('text') provider: string;
  /** The provider's id: `offrampId` of payment.processing. */
  @Column({ name: 'offramp_id', type: 'text' }) offrampId: string;
  @Column({ name: 'deposit_address', type: 'text' }) depositAddress: string;
  @Column('text') state: OfframpState;
  @Column({ name: 'sub_status', type: 'text', nullable: true }) subStatus: OfframpSubStatus | null;
  /** The request's payment.confirmed, written by settlement and sent once fiat is sent. */
  @Column({ name: 'confirmed_event', type: 'jsonb', nullable: true }) confirmedEvent: DomainEvent | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
