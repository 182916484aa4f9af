import type { PaymentDetailStatus } from '@payrail/domain';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A payer's payment details (the payee's bank account for crypto-to-fiat). */
@Entity({ name: 'payment_details' })
export class PaymentDetailsEntity {
  @PrimaryColumn('uuid') id: string;
  @Column({ name: 'platform_id', type: 'text' }) platformId: string;
  @Column({ name: 'payer_id', type: 'uuid' }) payerId: string;
  @Column({ name: 'bank_name', type: 'text' }) bankName: string;
  /** ISO 4217, upper-case. */
  @Column('text') currency: string;
  @Column({ name: 'beneficiary_type', type: 'text' }) beneficiaryType: 'individual' | 'business';
  @Column('text') rails: 'local' | 'swift' | 'wire';
  /** AES-256-GCM ciphertext of every other field, account numbers included (FieldCipher, purpose "payment-details"). */
  @Column({ name: 'details_encrypted', type: 'text' }) detailsEncrypted: string;
  /** The account numbers as reads show them (last four characters). */
  @Column({ type: 'jsonb' }) masked: Record<string, string>;
  @Column('text') status: PaymentDetailStatus;
  @Column('text') provider: string;
  @Column({ name: 'provider_ref', type: 'text' }) providerRef: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
