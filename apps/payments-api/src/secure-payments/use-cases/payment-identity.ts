import { type SecurePaymentEntity, sqlOne } from '@payrail/persistence';
import type { EntityManager } from 'typeorm';

/** The public Client ID (`cli_...`) a payment was created with, or null (API key): payloads carry it (identity rules). */
export async function publicClientIdOf(m: EntityManager, payment: SecurePaymentEntity): Promise<string | null> {
  if (!payment.clientIdId) return null;
  const row = await sqlOne<{ client_id: string }>(m, 'SELECT client_id FROM client_ids WHERE id = $1', [payment.clientIdId]);
  return row?.client_id ?? null;
}
