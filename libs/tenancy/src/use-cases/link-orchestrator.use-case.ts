import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { ClientIdEntity, OrchestratorEntity, OrchestratorLinkEntity } from '@payrail/persistence';
import { DataSource } from 'typeorm';

export interface OrchestratorLinkCommand {
  orchestratorId: string;
  /** The platform's public Client ID. */
  clientId: string;
}

/**
 * Links an orchestrator to a platform's Client ID directly (operator or API link). A direct
 * link emits no `client_id.linked` event: only hosted onboarding does (spec: Events).
 */
@Injectable()
export class LinkOrchestrator {
  constructor(private readonly db: DataSource) {}

  async execute(command: OrchestratorLinkCommand): Promise<{ orchestratorId: string; clientId: string; linked: true }> {
    const orchestrator = await this.db.manager.findOneBy(OrchestratorEntity, { id: command.orchestratorId });
    if (!orchestrator) throw new PayrailError('NOT_FOUND', `Orchestrator ${command.orchestratorId} not found`);
    const client = await this.db.manager.findOneBy(ClientIdEntity, { clientId: command.clientId });
    if (!client) throw new PayrailError('NOT_FOUND', 'Client ID not found');
    await this.db.manager.upsert(OrchestratorLinkEntity, { orchestratorId: orchestrator.id, clientIdId: client.id }, [
      'orchestratorId',
      'clientIdId',
    ]);
    return { orchestratorId: orchestrator.id, clientId: client.clientId, linked: true };
  }
}
