import { Inject, Injectable, Optional } from '@nestjs/common';
import { newClientId, PayrailError } from '@payrail/domain';
import { TenancyRepository } from '@payrail/persistence';
import { cacheKey, HttpApiEnv } from '@payrail/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { payeeDestinationToBind } from '../payee-destination-binding.js';
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
  /** A payee destination of the platform that requests of this Client ID default their payee to. */
  payeeDestinationId?: string;
}

/**
 * A new Client ID of the platform. Through the APIs a platform holds at most
 * MAX_CLIENT_IDS_PER_PLATFORM (revoked ones aside; 409 beyond), since each brings its own rate
 * limit and webhook endpoints; the operator's CLI (no HTTP env) is not capped.
 */
@Injectable()
export class CreateClientId {
  constructor(
    private readonly db: DataSource,
    private readonly changes: CredentialChanges,
    @Optional() @Inject(HttpApiEnv) private readonly env?: HttpApiEnv,
  ) {}

  execute(command: CreateClientIdCommand): Promise<ClientIdView> {
    return this.db.transaction((manager) => this.create(manager, command));
  }

  private async create(manager: EntityManager, command: CreateClientIdCommand): Promise<ClientIdView> {
    const repo = new TenancyRepository(manager);
    const platform = await repo.lockPlatform(command.platformId);
    if (!platform) throw new PayrailError('NOT_FOUND', `Platform ${command.platformId} not found`);
    const max = this.env?.MAX_CLIENT_IDS_PER_PLATFORM;
    if (max !== undefined && (await repo.countLiveClientIds(platform.id)) >= max)
      throw new PayrailError(
        'CONFLICT',
        `Client ID limit reached: a platform may hold at most ${max} Client IDs; revoke one it no longer uses first`,
      );
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
      payeeDestinationId: await payeeDestinationToBind(manager, platform.id, command.payeeDestinationId ?? null),
    });
    // Its origins join the platform's (a backend Client ID's browser callers) and may open preflights.
    await this.changes.announce([cacheKey.platformOrigins(platform.id), ...saved.allowedOrigins.map(cacheKey.origin)]);
    return clientIdView(saved);
  }
}
