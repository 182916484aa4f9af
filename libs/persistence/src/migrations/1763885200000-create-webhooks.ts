import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateWebhooks1763885200000 implements MigrationInterface {
  name = 'CreateWebhooks1763885200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_endpoints (
        id text PRIMARY KEY,
        owner_type text NOT NULL CHECK (owner_type IN ('client_id', 'orchestrator')),
        client_id_id text REFERENCES client_ids(id) ON DELETE CASCADE,
        orchestrator_id text REFERENCES orchestrators(id) ON DELETE CASCADE,
        url text NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
        secret_encrypted text NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (
          (owner_type = 'client_id' AND client_id_id IS NOT NULL AND orchestrator_id IS NULL) OR
          (owner_type = 'orchestrator' AND orchestrator_id IS NOT NULL AND client_id_id IS NULL)
        )
      )`);
    await q.query('CREATE INDEX webhook_endpoints_client_id ON webhook_endpoints (client_id_id, id) WHERE client_id_id IS NOT NULL');
    // One URL per orchestrator, active or not (spec: reactivate instead of registering again).
    await q.query(
      'CREATE UNIQUE INDEX webhook_endpoints_orchestrator_url ON webhook_endpoints (orchestrator_id, url) WHERE orchestrator_id IS NOT NULL',
    );
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id text PRIMARY KEY,
        endpoint_id text NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
        outbox_event_id bigint,
        event_type text NOT NULL,
        body text NOT NULL,
        is_test boolean NOT NULL DEFAULT false,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
        round int NOT NULL DEFAULT 0 CHECK (round >= 0),
        attempt_count int NOT NULL DEFAULT 0 CHECK (attempt_count >= 0),
        last_status_code int,
        last_error text,
        request_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        -- A redelivered domain-event job finds its deliveries instead of creating new ones
        -- (NULLs are distinct: test deliveries have no outbox event).
        CONSTRAINT webhook_deliveries_event_endpoint UNIQUE (outbox_event_id, endpoint_id),
        CHECK (is_test = (outbox_event_id IS NULL))
      )`);
    await q.query('CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, id DESC)');
    await q.query(`
      CREATE TABLE webhook_delivery_attempts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        delivery_id text NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
        round int NOT NULL,
        retry_count int NOT NULL CHECK (retry_count BETWEEN 0 AND 3),
        started_at timestamptz NOT NULL,
        duration_ms int NOT NULL CHECK (duration_ms >= 0),
        status_code int,
        error text,
        response_body_head text,
        succeeded boolean NOT NULL
      )`);
    await q.query('CREATE INDEX webhook_delivery_attempts_delivery ON webhook_delivery_attempts (delivery_id, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['webhook_delivery_attempts', 'webhook_deliveries', 'webhook_endpoints']) await q.query(`DROP TABLE ${table}`);
  }
}
