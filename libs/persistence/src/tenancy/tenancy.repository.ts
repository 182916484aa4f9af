import { type EntityManager, Not } from 'typeorm';
import { ulid } from 'ulid';
import {
  ApiKeyEntity,
  ClientIdEntity,
  OrchestratorEntity,
  OrchestratorKeyEntity,
  OrchestratorLinkEntity,
  PlatformEntity,
} from './tenancy.entities.js';

/**
 * Who manages platform records: a platform (its own Client IDs and API keys only) or the
 * operator (the CLI: any platform's).
 */
export type TenancyOwner = { kind: 'platform'; platformId: string } | { kind: 'operator' };

/** The owner of a management command: the caller's platform when it names one, else the operator. */
export const tenancyOwner = (platformId: string | undefined): TenancyOwner =>
  platformId === undefined ? { kind: 'operator' } : { kind: 'platform', platformId };

/** A Client ID by its internal ULID or by its public `cli_...` value. */
export type ClientIdRef = { id: string } | { clientId: string };

/** A key as issued: the secret goes to the caller, only its prefix and hash are stored. */
export interface IssuedKey {
  prefix: string;
  hash: string;
}

export type NewClientId = Pick<
  ClientIdEntity,
  'clientId' | 'label' | 'allowedOrigins' | 'status' | 'rateTier' | 'feePercentage' | 'feeAddress'
> & { payeeDestinationId?: string | null };

/**
 * Platforms, Client IDs, API keys, orchestrators and their links, as the management use cases
 * change them. Every read of a platform's records takes the owner, so a platform cannot reach
 * another's by accident; authentication lookups by credential are in CredentialsRepository.
 */
export class TenancyRepository {
  constructor(private readonly manager: EntityManager) {}

  createPlatform(name: string): Promise<PlatformEntity> {
    return this.manager.save(PlatformEntity, { id: ulid(), name });
  }

  platform(id: string): Promise<PlatformEntity | null> {
    return this.manager.findOneBy(PlatformEntity, { id });
  }

  /** Holds the platform row until the caller's transaction ends (serialises Client ID creation). */
  async lockPlatform(id: string): Promise<PlatformEntity | null> {
    return this.manager.findOne(PlatformEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** How many Client IDs the platform holds, revoked ones aside. */
  countLiveClientIds(platformId: string): Promise<number> {
    return this.manager.count(ClientIdEntity, { where: { platformId, status: Not('revoked') } });
  }

  /** Inserts a Client ID of `platformId` and answers it as stored (numeric fee normalised). */
  async createClientId(platformId: string, fields: NewClientId): Promise<ClientIdEntity> {
    const saved = await this.manager.save(ClientIdEntity, { id: ulid(), platformId, ...fields });
    return this.manager.findOneByOrFail(ClientIdEntity, { id: saved.id });
  }

  /** The owner's Client ID; `lock` holds it for an update in the caller's transaction. */
  async clientId(owner: TenancyOwner, ref: ClientIdRef, lock = false): Promise<ClientIdEntity | null> {
    const found = await this.manager.findOne(ClientIdEntity, {
      where: 'id' in ref ? { id: ref.id } : { clientId: ref.clientId },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    return found && ownedBy(owner, found.platformId) ? found : null;
  }

  /** The platform's Client IDs, newest first. */
  clientIdsOf(platformId: string): Promise<ClientIdEntity[]> {
    return this.manager.find(ClientIdEntity, { where: { platformId }, order: { createdAt: 'DESC' } });
  }

  /** Saves a Client ID read through `clientId` and answers it as stored. */
  async saveClientId(client: ClientIdEntity): Promise<ClientIdEntity> {
    await this.manager.save(ClientIdEntity, client);
    return this.manager.findOneByOrFail(ClientIdEntity, { id: client.id });
  }

  createApiKey(platformId: string, key: IssuedKey): Promise<ApiKeyEntity> {
    return this.manager.save(ApiKeyEntity, { id: ulid(), platformId, prefix: key.prefix, keyHash: key.hash, revokedAt: null });
  }

  /** The owner's API key by its display prefix. */
  async apiKey(owner: TenancyOwner, prefix: string): Promise<ApiKeyEntity | null> {
    const key = await this.manager.findOneBy(ApiKeyEntity, { prefix });
    return key && ownedBy(owner, key.platformId) ? key : null;
  }

  /** Revokes the key at `at` unless it already is revoked; answers it as it now stands. */
  async revokeApiKey(key: ApiKeyEntity, at: Date): Promise<ApiKeyEntity & { revokedAt: Date }> {
    const revokedAt = key.revokedAt ?? at;
    if (!key.revokedAt) await this.manager.save(ApiKeyEntity, { ...key, revokedAt });
    return { ...key, revokedAt };
  }

  orchestrator(id: string): Promise<OrchestratorEntity | null> {
    return this.manager.findOneBy(OrchestratorEntity, { id });
  }

  /** An orchestrator with its first key (run it in a transaction: both or neither). */
  async createOrchestrator(name: string, key: IssuedKey): Promise<OrchestratorEntity> {
    const orchestrator = await this.manager.save(OrchestratorEntity, { id: ulid(), name });
    await this.createOrchestratorKey(orchestrator.id, key);
    return orchestrator;
  }

  createOrchestratorKey(orchestratorId: string, key: IssuedKey): Promise<OrchestratorKeyEntity> {
    return this.manager.save(OrchestratorKeyEntity, { id: ulid(), orchestratorId, prefix: key.prefix, keyHash: key.hash, revokedAt: null });
  }

  orchestratorKey(prefix: string): Promise<OrchestratorKeyEntity | null> {
    return this.manager.findOneBy(OrchestratorKeyEntity, { prefix });
  }

  /** Revokes the key at `at` unless it already is revoked; answers it as it now stands. */
  async revokeOrchestratorKey(key: OrchestratorKeyEntity, at: Date): Promise<OrchestratorKeyEntity & { revokedAt: Date }> {
    const revokedAt = key.revokedAt ?? at;
    if (!key.revokedAt) await this.manager.save(OrchestratorKeyEntity, { ...key, revokedAt });
    return { ...key, revokedAt };
  }

  /** Links the orchestrator to the Client ID (idempotent). */
  async link(orchestratorId: string, clientIdId: string): Promise<void> {
    await this.manager.upsert(OrchestratorLinkEntity, { orchestratorId, clientIdId }, ['orchestratorId', 'clientIdId']);
  }

  /** Removes a link; false when there was none. */
  async unlink(orchestratorId: string, clientIdId: string): Promise<boolean> {
    const result = await this.manager.delete(OrchestratorLinkEntity, { orchestratorId, clientIdId });
    return (result.affected ?? 0) > 0;
  }
}

const ownedBy = (owner: TenancyOwner, platformId: string): boolean => owner.kind === 'operator' || owner.platformId === platformId;
