import { looksLike, originAllowed, PayrailError, secretMatches } from '@payrail/domain';
import { CredentialsRepository, type ApiKeyEntity, type ClientIdEntity, type OrchestratorKeyEntity } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import type { Caller, OwnerProof } from './caller.js';
import { cacheKey, type CredentialCache } from './credential-cache.js';

const unauthenticated = (message: string) => new PayrailError('UNAUTHENTICATED', message);
const forbidden = (message: string) => new PayrailError('FORBIDDEN', message);

const clientIdCaller = (record: ClientIdEntity, origin: string | null): Extract<Caller, { kind: 'client-id' }> => ({
  kind: 'client-id',
  platformId: record.platformId,
  clientIdId: record.id,
  clientId: record.clientId,
  origin,
  rateTier: record.rateTier,
  feePercentage: record.feePercentage,
  feeAddress: record.feeAddress,
});

/**
 * Turns presented headers into a Caller, or a coded error: 401 for a missing header or an
 * unknown, malformed or revoked key; 403 for a Client ID that is revoked, restricted or
 * inactive, or used from an Origin outside its allowed list (spec: Errors) — for a backend
 * Client ID (no allowed origins), an Origin outside its platform's origins.
 */
export class Authenticator {
  private readonly repo: CredentialsRepository;

  constructor(
    dataSource: DataSource,
    private readonly cache: CredentialCache,
  ) {
    this.repo = new CredentialsRepository(dataSource.manager);
  }

  async apiKey(presented: string | undefined): Promise<Caller> {
    if (!presented) throw unauthenticated('Missing x-api-key header');
    const record = looksLike('api-key', presented)
      ? await this.cache.get<ApiKeyEntity | null>(cacheKey.apiKey(presented.slice(0, 12)), () =>
          this.repo.apiKeyByPrefix(presented.slice(0, 12)),
        )
      : null;
    if (!record || record.revokedAt || !secretMatches(presented, record.keyHash)) throw unauthenticated('Invalid or expired API key');
    return { kind: 'api-key', platformId: record.platformId, apiKeyId: record.id };
  }

  /** `trustedOrigins`: origins accepted beside the Client ID's own (the hosted page's, on its routes). */
  async clientId(presented: string | undefined, origin: string | undefined, trustedOrigins: readonly string[] = []): Promise<Caller> {
    const record = await this.knownClientId(presented);
    if (record.status !== 'active') throw forbidden(`Client ID is ${record.status}`);
    if (record.allowedOrigins.length > 0) {
      if (!origin) throw unauthenticated('Origin header is required for this Client ID');
      if (!originAllowed(origin, record.allowedOrigins) && !originAllowed(origin, trustedOrigins))
        throw forbidden('Origin is not allowed for this Client ID');
    } else if (origin !== undefined && !originAllowed(origin, trustedOrigins)) {
      // A backend Client ID needs no Origin, but a request carrying one comes from a browser: only
      // from its own platform's origins (never `null`, which no list can hold), so that no page
      // elsewhere spends its rate limit or reads its answers.
      const platformOrigins = await this.cache.get(cacheKey.platformOrigins(record.platformId), () =>
        this.repo.platformOrigins(record.platformId),
      );
      if (!originAllowed(origin, platformOrigins)) throw forbidden('Origin is not allowed for this Client ID');
    }
    return clientIdCaller(record, origin ?? null);
  }

  /** The record of a presented Client ID, whatever its status (401 when missing or unknown). */
  async knownClientId(presented: string | undefined): Promise<ClientIdEntity> {
    if (!presented) throw unauthenticated('Missing x-client-id header');
    const record = looksLike('client-id', presented)
      ? await this.cache.get<ClientIdEntity | null>(cacheKey.clientId(presented), () => this.repo.clientIdByPublicId(presented))
      : null;
    if (!record) throw unauthenticated('Invalid or expired Client ID');
    return record;
  }

  /**
   * A Client ID named beside a secret credential of a platform (mode client-id-with-owner): 403
   * when the credential's platform does not own it, or when it is not active. Its allowed origins
   * do not apply: the secret, not the browser's Origin, authenticates the call.
   */
  ownedClientId(record: ClientIdEntity, platformId: string, owner: OwnerProof): Caller {
    if (record.platformId !== platformId)
      throw forbidden(`The ${owner.kind === 'api-key' ? 'x-api-key' : 'session'} belongs to another platform than this Client ID`);
    if (record.status !== 'active') throw forbidden(`Client ID is ${record.status}`);
    return { ...clientIdCaller(record, null), owner };
  }

  async orchestratorKey(presented: string | undefined): Promise<Caller> {
    if (!presented) throw unauthenticated('Missing x-orchestrator-key header');
    const prefix = presented.slice(0, 12);
    const record = looksLike('orchestrator-key', presented)
      ? await this.cache.get<OrchestratorKeyEntity | null>(cacheKey.orchestratorKey(prefix), () =>
          this.repo.orchestratorKeyByPrefix(prefix),
        )
      : null;
    if (!record || record.revokedAt || !secretMatches(presented, record.keyHash))
      throw unauthenticated('Invalid or expired orchestrator key');
    return { kind: 'orchestrator', orchestratorId: record.orchestratorId, orchestratorKeyId: record.id };
  }

  /**
   * Secure payment creation (kind orchestrator-key-with-client-id): an orchestrator key with the
   * x-client-id of a platform linked to the orchestrator (403 when not linked).
   */
  async orchestratorForClientId(orchestratorKey: string | undefined, clientId: string | undefined): Promise<Caller> {
    const orchestrator = await this.orchestratorKey(orchestratorKey);
    if (orchestrator.kind !== 'orchestrator') return orchestrator;
    if (!clientId) throw unauthenticated('x-orchestrator-key must be paired with x-client-id');
    const record = looksLike('client-id', clientId) ? await this.repo.clientIdByPublicId(clientId) : null;
    if (!record) throw unauthenticated('Invalid or expired Client ID');
    if (record.status !== 'active') throw forbidden(`Client ID is ${record.status}`);
    if (!(await this.repo.orchestratorsLinkedTo(record.id)).includes(orchestrator.orchestratorId))
      throw forbidden('This Client ID is not linked to the orchestrator');
    return { ...orchestrator, onBehalfOf: { platformId: record.platformId, clientIdId: record.id, clientId: record.clientId } };
  }

  /** CORS preflights carry no credentials: grant an origin that some usable Client ID allows. */
  originKnown(origin: string): Promise<boolean> {
    return this.cache.get(cacheKey.origin(origin), () => this.repo.anyClientIdAllowsOrigin(origin));
  }
}
