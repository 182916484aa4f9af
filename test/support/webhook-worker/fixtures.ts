import { type DomainEvent, issueApiKey, issueOrchestratorKey, issueWebhookSecret, newClientId, webhookEvent } from '@payrail/domain';
import { appendToOutbox, sqlExecute, WebhookEndpointsRepository, type WebhookOwner } from '@payrail/persistence';
import { parseEncryptionKeys, WebhookSecretCipher } from '@payrail/webhooks';
import type { DataSource } from 'typeorm';
import { ulid } from 'ulid';

/** Tenants and endpoints written straight into a test database (tests only). */
export async function seedPlatform(db: DataSource): Promise<string> {
  const id = ulid();
  await sqlExecute(db, 'INSERT INTO platforms (id, name) VALUES ($1, $2)', [id, 'Webhook test platform']);
  return id;
}

export async function seedClientId(db: DataSource, platformId: string, status = 'active'): Promise<{ id: string; clientId: string }> {
  const row = { id: ulid(), clientId: newClientId() };
  await sqlExecute(db, 'INSERT INTO client_ids (id, client_id, platform_id, status) VALUES ($1, $2, $3, $4)', [
    row.id,
    row.clientId,
    platformId,
    status,
  ]);
  return row;
}

/** A usable API key (x-api-key) of the platform: the secret factor its platform webhook routes take beside x-client-id. */
export async function seedApiKey(db: DataSource, platformId: string): Promise<string> {
  const key = issueApiKey();
  await sqlExecute(db, 'INSERT INTO api_keys (id, platform_id, prefix, key_hash) VALUES ($1, $2, $3, $4)', [
    ulid(),
    platformId,
    key.prefix,
    key.hash,
  ]);
  return key.secret;
}

/** A platform with an active Client ID and an API key, as the platform webhook routes need them. */
export async function seedTenant(db: DataSource): Promise<{ platformId: string; id: string; clientId: string; apiKey: string }> {
  const platformId = await seedPlatform(db);
  return { platformId, ...(await seedClientId(db, platformId)), apiKey: await seedApiKey(db, platformId) };
}

/** An orchestrator with a usable key (x-orchestrator-key). */
export async function seedOrchestrator(db: DataSource): Promise<{ id: string; key: string }> {
  const id = ulid();
  const key = issueOrchestratorKey();
  await sqlExecute(db, 'INSERT INTO orchestrators (id, name) VALUES ($1, $2)', [id, 'Webhook test orchestrator']);
  await sqlExecute(db, 'INSERT INTO orchestrator_keys (id, orchestrator_id, prefix, key_hash) VALUES ($1, $2, $3, $4)', [
    ulid(),
    id,
    key.prefix,
    key.hash,
  ]);
  return { id, key: key.secret };
}

/** An endpoint as registration would store it (secret encrypted with `keys`, default: the local key). */
export async function addEndpoint(
  db: DataSource,
  owner: WebhookOwner,
  url: string,
  options: { active?: boolean; keys?: string } = {},
): Promise<{ id: string; secret: string }> {
  const id = ulid();
  const secret = issueWebhookSecret();
  const cipher = new WebhookSecretCipher(parseEncryptionKeys(options.keys));
  const repo = new WebhookEndpointsRepository(db.manager);
  const saved = await repo.insert(owner, { id, url, secretEncrypted: cipher.encrypt(secret, id) });
  if (saved === 'duplicate-url') throw new Error('duplicate url');
  if (options.active === false) await repo.setActive(owner, id, false);
  return { id, secret };
}

/** Writes events into the outbox as a feature would (one transaction). */
export function emit(db: DataSource, events: DomainEvent[]): Promise<void> {
  return db.transaction((m) => appendToOutbox(m, events));
}

let requestSeq = 0;

/** A payment.confirmed event as the payments feature will emit it (new request id each call). */
export function paymentConfirmed(routing: { platformId: string }, identity: { clientId?: string | null; orchestratorId?: string | null }) {
  const requestId = `01${String(++requestSeq).padStart(64, '0')}`;
  return webhookEvent(
    'payment.confirmed',
    { aggregateType: 'request', aggregateId: requestId },
    {
      requestId,
      requestID: requestId,
      paymentReference: '0x2c3366941274c34c',
      clientId: identity.clientId ?? null,
      orchestratorId: identity.orchestratorId ?? null,
      explorer: null,
      amount: '100.0',
      totalAmountPaid: '100.0',
      expectedAmount: '100.0',
      timestamp: '2026-01-02T03:04:05.000Z',
      txHash: `0x${'ab'.repeat(32)}`,
      payerAddress: null,
      payerEoaAddress: null,
      network: 'sepolia',
      currency: 'USDC-sepolia',
      paymentCurrency: 'USDC-sepolia',
      isCryptoToFiat: false,
      subStatus: '',
      paymentProcessor: 'request-network',
      fees: [],
    },
    routing,
  );
}

/** A secure_payment.access_rejected event. */
export function accessRejected(routing: { platformId: string }, clientId: string, requestId: string, wallet: string) {
  return webhookEvent(
    'secure_payment.access_rejected',
    { aggregateType: 'secure_payment', aggregateId: requestId },
    { requestId, clientId, orchestratorId: null, attemptedPayerWalletAddress: wallet, timestamp: new Date().toISOString() },
    routing,
  );
}
