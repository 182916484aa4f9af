import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { ClientIdEntity, OrchestratorLinkEntity } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import type { OrchestratorLinkCommand } from './link-orchestrator.use-case.js';

/** Removes a link. Payments created through the orchestrator keep their orchestratorId (spec). */
@Injectable()
export class UnlinkOrchestrator {
  constructor(private readonly db: DataSource) {}

  async execute(command: OrchestratorLinkCommand): Promise<{ orchestratorId: string; clientId: string; linked: false }> {
    const client = await this.db.manager.findOneBy(ClientIdEntity, { clientId: command.clientId });
    if (!client) throw new PayrailError('NOT_FOUND', 'Client ID not found');
    const result = await this.db.manager.delete(OrchestratorLinkEntity, { orchestratorId: command.orchestratorId, clientIdId: client.id });
    if (!result.affected) throw new PayrailError('NOT_FOUND', 'No such link');
    return { orchestratorId: command.orchestratorId, clientId: client.clientId, linked: false };
  }
}
