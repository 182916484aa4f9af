import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { TenancyRepository } from '@payrail/persistence';
import { cacheKey } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { CredentialChanges } from '../tenancy-events.js';

/** Revokes an orchestrator key for good; every replica forgets it at once. Revoking twice is harmless. */
@Injectable()
export class RevokeOrchestratorKey {
  constructor(
    private readonly db: DataSource,
    private readonly changes: CredentialChanges,
  ) {}

  async execute(command: {
    /** The display prefix (first 12 characters) of the key. */
    keyPrefix: string;
  }): Promise<{ id: string; orchestratorId: string; keyPrefix: string; revokedAt: string }> {
    const repo = new TenancyRepository(this.db.manager);
    const found = await repo.orchestratorKey(command.keyPrefix);
    if (!found) throw new PayrailError('NOT_FOUND', 'Orchestrator key not found');
    const key = await repo.revokeOrchestratorKey(found, new Date());
    await this.changes.announce([cacheKey.orchestratorKey(key.prefix)]);
    return { id: key.id, orchestratorId: key.orchestratorId, keyPrefix: key.prefix, revokedAt: key.revokedAt.toISOString() };
  }
}
