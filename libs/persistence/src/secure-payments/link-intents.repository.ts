import type { EntityManager } from 'typeorm';
import { sqlExecute, sqlOne } from '../sql/typed-query.js';

export interface LinkIntentRow {
  id: string;
  orchestratorId: string;
  externalId: string | null;
  /** The public `cli_...` the intent is for; null: any platform holding the URL may complete it. */
  expectedClientId: string | null;
  status: 'open' | 'completed';
  expiresAt: Date;
}

export interface LinkIntentView {
  id: string;
  orchestratorName: string;
  expectedClientId: string | null;
  status: 'open' | 'completed';
  expiresAt: Date;
}

/** Onboarding link intents (table link_intents). */
export class LinkIntentsRepository {
  constructor(private readonly manager: EntityManager) {}

  async insert(intent: Omit<LinkIntentRow, 'status'>): Promise<void> {
    await sqlExecute(
      this.manager,
      'INSERT INTO link_intents (id, orchestrator_id, external_id, expected_client_id, expires_at) VALUES ($1, $2, $3, $4, $5)',
      [intent.id, intent.orchestratorId, intent.externalId, intent.expectedClientId, intent.expiresAt],
    );
  }

  /** The intent, locked for completion. */
  async lock(id: string): Promise<LinkIntentRow | undefined> {
    const row = await sqlOne<{
      id: string;
      orchestrator_id: string;
      external_id: string | null;
      expected_client_id: string | null;
      status: 'open' | 'completed';
      expires_at: Date;
    }>(
      this.manager,
      'SELECT id, orchestrator_id, external_id, expected_client_id, status, expires_at FROM link_intents WHERE id = $1 FOR UPDATE',
      [id],
    );
    return (
      row && {
        id: row.id,
        orchestratorId: row.orchestrator_id,
        externalId: row.external_id,
        expectedClientId: row.expected_client_id,
        status: row.status,
        expiresAt: row.expires_at,
      }
    );
  }

  /** What the hosted onboarding page shows of an intent: its orchestrator's name, the Client ID it is for, its state. */
  async view(id: string): Promise<LinkIntentView | undefined> {
    const row = await sqlOne<{
      id: string;
      orchestrator_name: string;
      expected_client_id: string | null;
      status: 'open' | 'completed';
      expires_at: Date;
    }>(
      this.manager,
      `SELECT i.id, o.name AS orchestrator_name, i.expected_client_id, i.status, i.expires_at
         FROM link_intents i JOIN orchestrators o ON o.id = i.orchestrator_id WHERE i.id = $1`,
      [id],
    );
    return (
      row && {
        id: row.id,
        orchestratorName: row.orchestrator_name,
        expectedClientId: row.expected_client_id,
        status: row.status,
        expiresAt: row.expires_at,
      }
    );
  }

  async complete(id: string, clientIdId: string, linkId: string): Promise<void> {
    await sqlExecute(
      this.manager,
      `UPDATE link_intents SET status = 'completed', client_id_id = $2, link_id = $3, completed_at = now() WHERE id = $1`,
      [id, clientIdId, linkId],
    );
  }
}
