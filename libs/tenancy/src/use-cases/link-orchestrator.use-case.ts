import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { TenancyRepository } from '@payrail/persistence';
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
    const repo = new TenancyRepository(this.db.manager);
    const orchestrator = await repo.orchestrator(command.orchestratorId);
    if (!orchestrator) throw new PayrailError('NOT_FOUND', `Orchestrator ${command.orchestratorId} not found`);
    // Operator (CLI) action: the Client ID may be any platform's.
    const client = await repo.clientId({ kind: 'operator' }, { clientId: command.clientId });
    if (!client) throw new PayrailError('NOT_FOUND', 'Client ID not found');
    await repo.link(orchestrator.id, client.id);
    return { orchestratorId: orchestrator.id, clientId: client.clientId, linked: true };
  }
}
