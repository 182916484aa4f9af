import type { INestApplicationContext } from '@nestjs/common';
import { CreateApiKey, CreateClientId, type CreateClientIdCommand, CreateOrchestrator, CreatePlatform } from '@payrail/tenancy';

/** Test fixtures made through the real tenancy use cases (shared by both APIs' tests and the benches). */
export async function createTenant(app: INestApplicationContext, clientId: Omit<CreateClientIdCommand, 'platformId'> = {}) {
  const platform = await app.get(CreatePlatform).execute({ name: 'Test platform' });
  const apiKey = await app.get(CreateApiKey).execute({ platformId: platform.id });
  const client = await app.get(CreateClientId).execute({ platformId: platform.id, ...clientId });
  return { platform, apiKey, client };
}

export async function createOrchestrator(app: INestApplicationContext) {
  return app.get(CreateOrchestrator).execute({ name: 'Test orchestrator' });
}
