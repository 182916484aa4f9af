import { Injectable } from '@nestjs/common';
import { issueOrchestratorKey, PayrailError } from '@payrail/domain';
import { TenancyRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';

/** Creates an orchestrator and its first key (returned once). */
@Injectable()
export class CreateOrchestrator {
  constructor(private readonly db: DataSource) {}

  async execute(command: {
    name: string;
  }): Promise<{ id: string; name: string; orchestratorKey: string; keyPrefix: string; createdAt: string }> {
    const name = command.name.trim();
    if (name.length < 1 || name.length > 200)
      throw new PayrailError('VALIDATION_FAILED', 'name must be 1-200 characters', {
        fields: [{ field: 'name', message: 'must be 1-200 characters' }],
      });
    const issued = issueOrchestratorKey();
    return this.db.transaction(async (m) => {
      const orchestrator = await new TenancyRepository(m).createOrchestrator(name, issued);
      return {
        id: orchestrator.id,
        name,
        orchestratorKey: issued.secret,
        keyPrefix: issued.prefix,
        createdAt: orchestrator.createdAt.toISOString(),
      };
    });
  }
}
