import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { TenancyRepository, tenancyOwner } from '@payrail/persistence';
import { cacheKey } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { CredentialChanges } from '../tenancy-events.js';

export interface RevokeApiKeyCommand {
  /** The display prefix (first 12 characters) of the key. */
  keyPrefix: string;
  platformId?: string;
}

/** Revokes for good; every replica forgets the key at once. Revoking twice is harmless. */
@Injectable()
export class RevokeApiKey {
  constructor(
    private readonly db: DataSource,
    private readonly changes: CredentialChanges,
  ) {}

  async execute(command: RevokeApiKeyCommand): Promise<{ id: string; prefix: string; revokedAt: string }> {
    const repo = new TenancyRepository(this.db.manager);
    const found = await repo.apiKey(tenancyOwner(command.platformId), command.keyPrefix);
    if (!found) throw new PayrailError('NOT_FOUND', 'API key not found');
    const key = await repo.revokeApiKey(found, new Date());
    await this.changes.announce([cacheKey.apiKey(key.prefix)]);
    return { id: key.id, prefix: key.prefix, revokedAt: key.revokedAt.toISOString() };
  }
}
