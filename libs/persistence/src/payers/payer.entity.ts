import type { AgreementStatus, KycStatus } from '@payrail/domain';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A platform's payer and their compliance state; identity fields only as ciphertext. */
@Entity({ name: 'payers' })
export class PayerEntity {
  /** The `userId` (UUID) of the spec's payer compliance record. */
  @PrimaryColumn('uuid') id: string;
  @Column({ name: 'platform_id', type: 'text' }) platformId: string;
  /** The platform's own user id (often an e-mail). */
  @Column({ name: 'client_user_id', type: 'text' }) clientUserId: string;
  /** AES-256-GCM ciphertext of the identity JSON (FieldCipher, purpose "payer-identity"). */
  @Column({ name: 'identity_encrypted', type: 'text' }) identityEncrypted: string;
  @Column({ name: 'kyc_status', type: 'text' }) kycStatus: KycStatus;
  @Column({ name: 'agreement_status', type: 'text' }) agreementStatus: AgreementStatus;
  @Column('text') provider: string;
  /** Opaque references of the provider's hosted KYC and agreement sessions. */
  @Column({ name: 'kyc_session', type: 'text' }) kycSession: string;
  @Column({ name: 'agreement_session', type: 'text' }) agreementSession: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
