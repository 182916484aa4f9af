import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The first answer to a POST sent with an `Idempotency-Key`, kept for 24 hours. */
@Entity({ name: 'idempotency_keys' })
export class IdempotencyKeyEntity {
  /** Whose key: the credential that sent it (`api-key:<id>`, `client-id:<id>`, `orchestrator:<id>`), never a whole platform. */
  @PrimaryColumn('text') owner: string;
  @PrimaryColumn('text') key: string;
  /** "POST /v2/payouts"; the same key on another route is another request. */
  @Column('text') route: string;
  /** SHA-256 of the canonical request body. */
  @Column({ name: 'request_hash', type: 'text' }) requestHash: string;
  @Column({ name: 'response_status', type: 'integer' }) responseStatus: number;
  @Column({ name: 'response_body', type: 'jsonb' }) responseBody: unknown;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
}
