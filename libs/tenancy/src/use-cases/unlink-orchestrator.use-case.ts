import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { TenancyRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import type { OrchestratorLinkCommand } from './link-orchestrator.use-case.js';

/** Removes a link. Payments created through the orchestrator keep their orchestratorId (spec). */
@Injectable()
export class UnlinkOrchestrator {
  constructor(private readonly db: DataSource) {}

  async execute(command: OrchestratorLinkCommand): Promise<{ orchestratorId: string; clientId: string; linked: false }> {
    const repo = new TenancyRepository(this.db.manager);
    // Operator (CLI) action: the Client ID may be any platform's.
    const client = await repo.clientId({ kind: 'operator' }, { clientId: command.clientId });
    if (!client) throw new PayrailError('NOT_FOUND', 'Client ID not found');
    if (!(await repo.unlink(command.orchestratorId, client.id))) throw new PayrailError('NOT_FOUND', 'No such link');
    return { orchestratorId: command.orchestratorId, clientId: client.clientId, linked: false };
  }
}
