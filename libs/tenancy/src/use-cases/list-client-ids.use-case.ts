import { Injectable } from '@nestjs/common';
import { TenancyRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { clientIdView, type ClientIdView } from '../client-id.view.js';

/** The platform's Client IDs, newest first (revoked ones included: their history matters). */
@Injectable()
export class ListClientIds {
  constructor(private readonly db: DataSource) {}

  async execute(command: { platformId: string }): Promise<ClientIdView[]> {
    const rows = await new TenancyRepository(this.db.manager).clientIdsOf(command.platformId);
    return rows.map(clientIdView);
  }
}
