import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type WebhookOwnerType = 'client_id' | 'orchestrator';
export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** A registered endpoint: a platform's (per Client ID) or an orchestrator's. */
@Entity({ name: 'webhook_endpoints' })
export class WebhookEndpointEntity {
  /** ULID. */
  @PrimaryColumn('text') id: string;
  @Column({ name: 'owner_type', type: 'text' }) ownerType: WebhookOwnerType;
  /** Internal id of the Client ID (platform endpoints). */
  @Column({ name: 'client_id_id', type: 'text', nullable: true }) clientIdId: string | null;
  @Column({ name: 'orchestrator_id', type: 'text', nullable: true }) orchestratorId: string | null;
  /** Normalised URL (see checkWebhookUrl). */
  @Column('text') url: string;
  /** The signing secret, AES-256-GCM encrypted (`v1:<key id>:<iv>:<tag>:<ciphertext>`, base64url). */
  @Column({ name: 'secret_encrypted', type: 'text' }) secretEncrypted: string;
  /** The secret before the last rotation, encrypted likewise; it also signs until previousSecretExpiresAt. */
  @Column({ name: 'previous_secret_encrypted', type: 'text', nullable: true }) previousSecretEncrypted: string | null;
  @Column({ name: 'previous_secret_expires_at', type: 'timestamptz', nullable: true }) previousSecretExpiresAt: Date | null;
  @Column({ name: 'is_active', type: 'boolean' }) isActive: boolean;
  /** Opt-in: after the interface's four attempts, the extended schedule (see docs/webhooks.md). */
  @Column({ name: 'extended_retries', type: 'boolean', default: false }) extendedRetries: boolean;
  /** Attempts in flight at once per worker process (null: WEBHOOK_ENDPOINT_MAX_CONCURRENCY). */
  @Column({ name: 'max_concurrency', type: 'int', nullable: true }) maxConcurrency: number | null;
  /** Attempts started per second across workers (null: WEBHOOK_ENDPOINT_MAX_PER_SECOND, 0 there: unlimited). */
  @Column({ name: 'max_per_second', type: 'int', nullable: true }) maxPerSecond: number | null;
  /** Start of the current run of failed attempts (null after a success). */
  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true }) failingSince: Date | null;
  /** Why Payrail deactivated it: 'failing' (every attempt failed for the auto-disable period) or 'gone' (410). */
  @Column({ name: 'disabled_reason', type: 'text', nullable: true }) disabledReason: 'failing' | 'gone' | null;
  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true }) disabledAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}

/** One event (or test) to one endpoint; its id is the `x-service-delivery` ULID and the BullMQ job id. */
@Entity({ name: 'webhook_deliveries' })
export class WebhookDeliveryEntity {
  @PrimaryColumn('text') id: string;
  @Column({ name: 'endpoint_id', type: 'text' }) endpointId: string;
  /** The outbox row the event came from (bigint as string); null for test deliveries. */
  @Column({ name: 'outbox_event_id', type: 'bigint', nullable: true }) outboxEventId: string | null;
  @Column({ name: 'event_type', type: 'text' }) eventType: string;
  /** The exact bytes sent and signed on every attempt. */
  @Column('text') body: string;
  @Column({ name: 'is_test', type: 'boolean' }) isTest: boolean;
  @Column('text') status: WebhookDeliveryStatus;
  /** 0 for the automatic delivery; +1 per manual redelivery. */
  @Column('int') round: number;
  @Column({ name: 'attempt_count', type: 'int' }) attemptCount: number;
  @Column({ name: 'last_status_code', type: 'int', nullable: true }) lastStatusCode: number | null;
  @Column({ name: 'last_error', type: 'text', nullable: true }) lastError: string | null;
  @Column({ name: 'request_id', type: 'text', nullable: true }) requestId: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true }) completedAt: Date | null;
}

/** Every HTTP attempt of a delivery, successful or not. */
@Entity({ name: 'webhook_delivery_attempts' })
export class WebhookDeliveryAttemptEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' }) id: string;
  @Column({ name: 'delivery_id', type: 'text' }) deliveryId: string;
  @Column('int') round: number;
  /** The `x-service-retry-count` sent: 0 to 3. */
  @Column({ name: 'retry_count', type: 'int' }) retryCount: number;
  @Column({ name: 'started_at', type: 'timestamptz' }) startedAt: Date;
  @Column({ name: 'duration_ms', type: 'int' }) durationMs: number;
  @Column({ name: 'status_code', type: 'int', nullable: true }) statusCode: number | null;
  @Column({ type: 'text', nullable: true }) error: string | null;
  @Column({ name: 'response_body_head', type: 'text', nullable: true }) responseBodyHead: string | null;
  @Column('boolean') succeeded: boolean;
}

export const WEBHOOK_ENTITIES = [WebhookEndpointEntity, WebhookDeliveryEntity, WebhookDeliveryAttemptEntity];
