import type { INestApplicationContext } from '@nestjs/common';
import { CreateApiKey } from '../use-cases/create-api-key.use-case.js';
import { CreateClientId, type CreateClientIdCommand } from '../use-cases/create-client-id.use-case.js';
import { CreateOrchestrator } from '../use-cases/create-orchestrator.use-case.js';
import { CreatePlatform } from '../use-cases/create-platform.use-case.js';

/** Test fixtures made through the real use cases. */
export async function createTenant(app: INestApplicationContext, clientId: Omit<CreateClientIdCommand, 'platformId'> = {}) {
  const platform = await app.get(CreatePlatform).execute({ name: 'Test platform' });
  const apiKey = await app.get(CreateApiKey).execute({ platformId: platform.id });
  const client = await app.get(CreateClientId).execute({ platformId: platform.id, ...clientId });
  return { platform, apiKey, client };
}

export async function createOrchestrator(app: INestApplicationContext) {
  return app.get(CreateOrchestrator).execute({ name: 'Test orchestrator' });
}
