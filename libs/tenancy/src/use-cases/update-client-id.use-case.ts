import { Injectable } from '@nestjs/common';
import { canTransition, PayrailError } from '@payrail/domain';
import { TenancyRepository, tenancyOwner } from '@payrail/persistence';
import { cacheKey } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { payeeDestinationToBind } from '../payee-destination-binding.js';
import { checkOrigins, checkPlatformTransition, checkStatus, checkTier } from '../client-id.rules.js';
import { clientIdView, type ClientIdView } from '../client-id.view.js';
import { CredentialChanges } from '../tenancy-events.js';

export interface UpdateClientIdCommand {
  /** The public `cli_...` value, or (API routes) the internal ULID `id`. */
  clientId?: string;
  id?: string;
  /**
   * When set, the Client ID must belong to this platform (API callers), and `restricted` is the
   * operator's: the platform can neither set nor lift it (403). Operators omit it.
   */
  platformId?: string;
  status?: string;
  rateTier?: string;
  allowedOrigins?: string[];
  label?: string;
  /** null clears the default fee. */
  feePercentage?: string | null;
  feeAddress?: string | null;
  /** null unbinds the payee destination. */
  payeeDestinationId?: string | null;
}

@Injectable()
export class UpdateClientId {
  constructor(
    private readonly db: DataSource,
    private readonly changes: CredentialChanges,
  ) {}

  async execute(command: UpdateClientIdCommand): Promise<ClientIdView> {
    let previousOrigins: string[] = [];
    const updated = await this.db.transaction(async (m) => {
      const repo = new TenancyRepository(m);
      const ref = command.id !== undefined ? { id: command.id } : { clientId: command.clientId ?? '' };
      const current = await repo.clientId(tenancyOwner(command.platformId), ref, true);
      if (!current) throw new PayrailError('NOT_FOUND', 'Client ID not found');
      previousOrigins = [...current.allowedOrigins];
      if (command.status !== undefined) {
        const next = checkStatus(command.status);
        if (command.platformId !== undefined) checkPlatformTransition(current.status, next);
        if (!canTransition(current.status, next))
          throw new PayrailError('VALIDATION_FAILED', 'Cannot reactivate a revoked Client ID', {
            fields: [{ field: 'status', message: 'a revoked Client ID stays revoked' }],
          });
        current.status = next;
      }
      if (command.rateTier !== undefined) current.rateTier = checkTier(command.rateTier);
      if (command.allowedOrigins !== undefined) current.allowedOrigins = checkOrigins(command.allowedOrigins);
      if (command.label !== undefined) current.label = command.label.trim();
      if (command.feePercentage !== undefined) current.feePercentage = command.feePercentage;
      if (command.feeAddress !== undefined) current.feeAddress = command.feeAddress;
      if (command.payeeDestinationId !== undefined)
        current.payeeDestinationId = await payeeDestinationToBind(m, current.platformId, command.payeeDestinationId);
      if (current.feePercentage !== null && current.feeAddress === null) {
        throw new PayrailError('VALIDATION_FAILED', 'feeAddress is required when feePercentage is set', {
          fields: [{ field: 'feeAddress', message: 'required when feePercentage is set' }],
        });
      }
      return repo.saveClientId(current); // as stored (numeric fee normalised)
    });
    const origins = new Set([...previousOrigins, ...updated.allowedOrigins]);
    await this.changes.announce([
      cacheKey.clientId(updated.clientId),
      cacheKey.platformOrigins(updated.platformId),
      ...[...origins].map(cacheKey.origin),
    ]);
    return clientIdView(updated);
  }
}
