import type { SecurePaymentStatus, SecurePaymentType } from '@payrail/domain';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The access policy a creator set (request-network-facts 1.10 accessPolicy). */
export interface StoredAccessPolicy {
  /** Canonical wallets (EVM lowercased, Tron as given); empty: anyone may pay. */
  allowedPayerAddresses: string[];
  screening: 'off' | 'kyt_all_wallets';
  hidePayeeAddress: boolean;
}

/** A definitive KYT result for one payer wallet of a payment. */
export interface StoredScreening {
  status: 'approved' | 'rejected';
  provider: string;
  policyId: string | null;
  at: string;
}

/** What settlement found when a wallet the access policy refuses paid (the payment is then compliance_failed). */
export interface StoredPayerViolation {
  reason: 'payer_not_allowed' | 'payer_screening_rejected';
  /** The paying wallet (canonical: EVM lowercased), or null when the chain did not say. */
  payerAddress: string | null;
  txHash: string;
  at: string;
}

/** The payee destination a secure payment was created for, as it was then (a later deactivation leaves it). */
export interface StoredDestination {
  id: string;
  destinationId: string;
  walletAddress: string;
  network: string;
  chainId: number;
  currencyId: string;
  tokenAddress: string;
  label: string | null;
}

/**
 * The fee plan a link was created with (stored as created: later fee configuration changes do not
 * reprice it). `plan` is the spec's FeePlan object as the API answers it (free-form here: its
 * shape belongs to the payments API); `secondFee` the fee paid by a second fee-proxy call when two
 * fee recipients apply (Request Network's fee proxies take one fee address per call).
 */
export interface StoredFeePlan {
  plan: Record<string, unknown>;
  secondFee: { address: string; amount: string } | null;
}

/**
 * A secure payment: a hosted-page link (its token, a ULID) over one or more requests. Owned by
 * a platform, narrowed to the Client ID it was created with; an orchestrator that created it for
 * a linked platform is fixed on it forever (spec: payload identity rules).
 */
@Entity({ name: 'secure_payments' })
export class SecurePaymentEntity {
  @PrimaryColumn('text') token: string;
  @Column({ name: 'payment_type', type: 'text' }) paymentType: SecurePaymentType;
  @Column({ name: 'platform_id', type: 'text' }) platformId: string;
  @Column({ name: 'client_id_id', type: 'text', nullable: true }) clientIdId: string | null;
  @Column({ name: 'orchestrator_id', type: 'text', nullable: true }) orchestratorId: string | null;
  @Column('text') status: SecurePaymentStatus;
  /** A multicall child's parent (the multicall payout's token). */
  @Column({ name: 'parent_token', type: 'text', nullable: true }) parentToken: string | null;
  /** In creation order (a multicall child's position is its index). */
  @Column({ name: 'request_ids', type: 'text', array: true }) requestIds: string[];
  @Column({ name: 'redirect_url', type: 'text', nullable: true }) redirectUrl: string | null;
  @Column({ name: 'redirect_label', type: 'text', nullable: true }) redirectLabel: string | null;
  @Column({ type: 'jsonb', nullable: true }) branding: Record<string, unknown> | null;
  @Column({ type: 'text', nullable: true }) reference: string | null;
  @Column({ name: 'access_policy', type: 'jsonb' }) accessPolicy: StoredAccessPolicy;
  /** Definitive screenings by canonical wallet (provider errors are not kept: the next read retries). */
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" }) screenings: Record<string, StoredScreening>;
  /** Set by settlement when a refused wallet paid; null otherwise. */
  @Column({ name: 'payer_violation', type: 'jsonb', nullable: true }) payerViolation: StoredPayerViolation | null;
  /** Null for links created before fee plans were stored (their plan is derived from the request's fee). */
  @Column({ name: 'fee_plan', type: 'jsonb', nullable: true }) feePlan: StoredFeePlan | null;
  /** The payee destination the payment was created for (`requests[].destinationId`); null when given by payee and currencies. */
  @Column({ type: 'jsonb', nullable: true }) destination: StoredDestination | null;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true }) completedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
