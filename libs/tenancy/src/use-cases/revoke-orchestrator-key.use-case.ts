import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { OrchestratorKeyEntity } from '@payrail/persistence';
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
    const key = await this.db.manager.findOneBy(OrchestratorKeyEntity, { prefix: command.keyPrefix });
    if (!key) throw new PayrailError('NOT_FOUND', 'Orchestrator key not found');
    if (!key.revokedAt) {
      key.revokedAt = new Date();
      await this.db.manager.save(OrchestratorKeyEntity, key);
    }
    await this.changes.announce([cacheKey.orchestratorKey(key.prefix)]);
    return { id: key.id, orchestratorId: key.orchestratorId, keyPrefix: key.prefix, revokedAt: key.revokedAt.toISOString() };
  }
}
