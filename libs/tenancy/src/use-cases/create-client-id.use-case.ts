import { Injectable } from '@nestjs/common';
import { newClientId, PayrailError } from '@payrail/domain';
import { ClientIdEntity, PlatformEntity } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { ulid } from 'ulid';
import { checkOrigins, checkTier } from '../client-id.rules.js';
import { clientIdView, type ClientIdView } from '../client-id.view.js';

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
  constructor(private readonly db: DataSource) {}

  async execute(command: CreateClientIdCommand): Promise<ClientIdView> {
    const platform = await this.db.manager.findOneBy(PlatformEntity, { id: command.platformId });
    if (!platform) throw new PayrailError('NOT_FOUND', `Platform ${command.platformId} not found`);
    const label = (command.label ?? '').trim();
    if (label.length > 100)
      throw new PayrailError('VALIDATION_FAILED', 'label must be at most 100 characters', {
        fields: [{ field: 'label', message: 'at most 100 characters' }],
      });
    const saved = await this.db.manager.save(ClientIdEntity, {
      id: ulid(),
      clientId: newClientId(),
      platformId: platform.id,
      label,
      allowedOrigins: checkOrigins(command.allowedOrigins ?? []),
      status: 'active',
      rateTier: checkTier(command.rateTier ?? 'default'),
      feePercentage: command.feePercentage ?? null,
      feeAddress: command.feeAddress ?? null,
    });
    return clientIdView(await this.db.manager.findOneByOrFail(ClientIdEntity, { id: saved.id })); // as stored
  }
}
