import { Injectable } from '@nestjs/common';
import { issueOrchestratorKey, PayrailError } from '@payrail/domain';
import { TenancyRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';

/**
 * Issues another key for an existing orchestrator (rotation: create the new key, move the
 * orchestrator to it, revoke the old one). The secret is in this answer only.
 */
@Injectable()
export class CreateOrchestratorKey {
  constructor(private readonly db: DataSource) {}

  async execute(command: {
    orchestratorId: string;
  }): Promise<{ id: string; orchestratorId: string; orchestratorKey: string; keyPrefix: string; createdAt: string }> {
    const repo = new TenancyRepository(this.db.manager);
    const orchestrator = await repo.orchestrator(command.orchestratorId);
    if (!orchestrator) throw new PayrailError('NOT_FOUND', `Orchestrator ${command.orchestratorId} not found`);
    const issued = issueOrchestratorKey();
    const saved = await repo.createOrchestratorKey(orchestrator.id, issued);
    return {
      id: saved.id,
      orchestratorId: orchestrator.id,
      orchestratorKey: issued.secret,
      keyPrefix: saved.prefix,
      createdAt: saved.createdAt.toISOString(),
    };
  }
}
