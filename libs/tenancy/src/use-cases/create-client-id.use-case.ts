import { Injectable } from '@nestjs/common';
import { newClientId, PayrailError } from '@payrail/domain';
import { TenancyRepository } from '@payrail/persistence';
import { cacheKey } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { checkOrigins, checkTier } from '../client-id.rules.js';
import { clientIdView, type ClientIdView } from '../client-id.view.js';
import { CredentialChanges } from '../tenancy-events.js';

export interface CreateClientIdCommand {
  platformId: string;
  label?: string;
  /** Empty: a backend Client ID that needs no Origin. */
  allowedOrigins?: string[];
  rateTier?: string;
  feePercentage?: string;
  feeAddress?: string;
}

@Injectable()
export class CreateClientId {
  constructor(
    private readonly db: DataSource,
    private readonly changes: CredentialChanges,
  ) {}

  async execute(command: CreateClientIdCommand): Promise<ClientIdView> {
    const repo = new TenancyRepository(this.db.manager);
    const platform = await repo.platform(command.platformId);
    if (!platform) throw new PayrailError('NOT_FOUND', `Platform ${command.platformId} not found`);
    const label = (command.label ?? '').trim();
    if (label.length > 100)
      throw new PayrailError('VALIDATION_FAILED', 'label must be at most 100 characters', {
        fields: [{ field: 'label', message: 'at most 100 characters' }],
      });
    const saved = await repo.createClientId(platform.id, {
      clientId: newClientId(),
      label,
      allowedOrigins: checkOrigins(command.allowedOrigins ?? []),
      status: 'active',
      rateTier: checkTier(command.rateTier ?? 'default'),
      feePercentage: command.feePercentage ?? null,
      feeAddress: command.feeAddress ?? null,
    });
    // Its origins join the platform's (a backend Client ID's browser callers) and may open preflights.
    await this.changes.announce([cacheKey.platformOrigins(platform.id), ...saved.allowedOrigins.map(cacheKey.origin)]);
    return clientIdView(saved);
  }
}
