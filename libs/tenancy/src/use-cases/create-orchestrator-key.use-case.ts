import { Injectable } from '@nestjs/common';
import { issueOrchestratorKey, PayrailError } from '@payrail/domain';
import { OrchestratorEntity, OrchestratorKeyEntity } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { ulid } from 'ulid';

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
    const orchestrator = await this.db.manager.findOneBy(OrchestratorEntity, { id: command.orchestratorId });
    if (!orchestrator) throw new PayrailError('NOT_FOUND', `Orchestrator ${command.orchestratorId} not found`);
    const issued = issueOrchestratorKey();
    const saved = await this.db.manager.save(OrchestratorKeyEntity, {
      id: ulid(),
      orchestratorId: orchestrator.id,
      prefix: issued.prefix,
      keyHash: issued.hash,
      revokedAt: null,
    });
    return {
      id: saved.id,
      orchestratorId: orchestrator.id,
      orchestratorKey: issued.secret,
      keyPrefix: saved.prefix,
      createdAt: saved.createdAt.toISOString(),
    };
  }
}
