import type { INestApplicationContext } from '@nestjs/common';
import { CreateApiKey, CreateClientId, CreateOrchestrator, CreatePlatform, LinkOrchestrator } from '@payrail/tenancy';

export interface DemoTenant {
  platformId: string;
  clientId: string;
  origin: string;
  backendClientId: string;
  apiKey: string;
  orchestratorId: string;
  orchestratorKey: string;
}

/**
 * `demo seed`: what `npm start` gives a new developer: a platform with a browser Client ID
 * for `origin`, a backend Client ID, an API key, and an orchestrator linked to the platform.
 */
export async function seedDemo(app: INestApplicationContext, origin: string): Promise<DemoTenant> {
  const platform = await app.get(CreatePlatform).execute({ name: 'Demo platform' });
  const browser = await app
    .get(CreateClientId)
    .execute({ platformId: platform.id, label: 'Demo checkout (browser)', allowedOrigins: [origin] });
  const backend = await app.get(CreateClientId).execute({ platformId: platform.id, label: 'Demo backend' });
  const apiKey = await app.get(CreateApiKey).execute({ platformId: platform.id });
  const orchestrator = await app.get(CreateOrchestrator).execute({ name: 'Demo orchestrator' });
  await app.get(LinkOrchestrator).execute({ orchestratorId: orchestrator.id, clientId: browser.clientId });
  return {
    platformId: platform.id,
    clientId: browser.clientId,
    origin: browser.allowedDomains[0] ?? origin,
    backendClientId: backend.clientId,
    apiKey: apiKey.apiKey,
    orchestratorId: orchestrator.id,
    orchestratorKey: orchestrator.orchestratorKey,
  };
}
