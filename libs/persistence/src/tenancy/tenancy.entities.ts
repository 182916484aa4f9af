import type { ClientIdStatus, RateTier } from '@payrail/domain';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'platforms' })
export class PlatformEntity {
  @PrimaryColumn('text') id: string;
  @Column('text') name: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

@Entity({ name: 'client_ids' })
export class ClientIdEntity {
  /** Internal ULID. */
  @PrimaryColumn('text') id: string;
  /** The public `cli_...` value callers send in x-client-id. */
  @Column({ name: 'client_id', type: 'text' }) clientId: string;
  @Column({ name: 'platform_id', type: 'text' }) platformId: string;
  @Column('text') label: string;
  /** Normalised origins; empty = a backend Client ID that needs no Origin. */
  @Column({ name: 'allowed_origins', type: 'text', array: true }) allowedOrigins: string[];
  @Column('text') status: ClientIdStatus;
  @Column({ name: 'rate_tier', type: 'text' }) rateTier: RateTier;
  /** Decimal string (numeric(5,2)), e.g. "2.50". */
  @Column({ name: 'fee_percentage', type: 'numeric', precision: 5, scale: 2, nullable: true }) feePercentage: string | null;
  @Column({ name: 'fee_address', type: 'text', nullable: true }) feeAddress: string | null;
  /** The payee destination (its destination id, of the same platform) requests of this Client ID default their payee to. */
  @Column({ name: 'payee_destination_id', type: 'text', nullable: true }) payeeDestinationId: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}

@Entity({ name: 'api_keys' })
export class ApiKeyEntity {
  @PrimaryColumn('text') id: string;
  @Column({ name: 'platform_id', type: 'text' }) platformId: string;
  @Column('text') prefix: string;
  @Column({ name: 'key_hash', type: 'text' }) keyHash: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true }) revokedAt: Date | null;
}

@Entity({ name: 'orchestrators' })
export class OrchestratorEntity {
  @PrimaryColumn('text') id: string;
  @Column('text') name: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

@Entity({ name: 'orchestrator_keys' })
export class OrchestratorKeyEntity {
  @PrimaryColumn('text') id: string;
  @Column({ name: 'orchestrator_id', type: 'text' }) orchestratorId: string;
  @Column('text') prefix: string;
  @Column({ name: 'key_hash', type: 'text' }) keyHash: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true }) revokedAt: Date | null;
}

@Entity({ name: 'orchestrator_links' })
export class OrchestratorLinkEntity {
  @PrimaryColumn({ name: 'orchestrator_id', type: 'text' }) orchestratorId: string;
  @PrimaryColumn({ name: 'client_id_id', type: 'text' }) clientIdId: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

export const TENANCY_ENTITIES = [
  PlatformEntity,
  ClientIdEntity,
  ApiKeyEntity,
  OrchestratorEntity,
  OrchestratorKeyEntity,
  OrchestratorLinkEntity,
];
