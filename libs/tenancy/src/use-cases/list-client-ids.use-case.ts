import { Injectable } from '@nestjs/common';
import { ClientIdEntity } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { clientIdView, type ClientIdView } from '../client-id.view.js';

/** The platform's Client IDs, newest first (revoked ones included: their history matters). */
@Injectable()
export class ListClientIds {
  constructor(private readonly db: DataSource) {}

  async execute(command: { platformId: string }): Promise<ClientIdView[]> {
    const rows = await this.db.manager.find(ClientIdEntity, { where: { platformId: command.platformId }, order: { createdAt: 'DESC' } });
    return rows.map(clientIdView);
  }
}
