import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { TenancyRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { clientIdView, type ClientIdView } from '../client-id.view.js';

/** One Client ID by its ULID, visible to its own platform only (404 otherwise). */
@Injectable()
export class GetClientId {
  constructor(private readonly db: DataSource) {}

  async execute(command: { platformId: string; id: string }): Promise<ClientIdView> {
    const row = await new TenancyRepository(this.db.manager).clientId(
      { kind: 'platform', platformId: command.platformId },
      { id: command.id },
    );
    if (!row) throw new PayrailError('NOT_FOUND', 'Client ID not found');
    return clientIdView(row);
  }
}
