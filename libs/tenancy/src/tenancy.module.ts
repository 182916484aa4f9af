import { Module } from '@nestjs/common';
import { CredentialChanges } from './tenancy-events.js';
import { CreateApiKey } from './use-cases/create-api-key.use-case.js';
import { CreateClientId } from './use-cases/create-client-id.use-case.js';
import { CreateOrchestrator } from './use-cases/create-orchestrator.use-case.js';
import { CreateOrchestratorKey } from './use-cases/create-orchestrator-key.use-case.js';
import { CreatePlatform } from './use-cases/create-platform.use-case.js';
import { LinkOrchestrator } from './use-cases/link-orchestrator.use-case.js';
import { RevokeApiKey } from './use-cases/revoke-api-key.use-case.js';
import { RevokeOrchestratorKey } from './use-cases/revoke-orchestrator-key.use-case.js';
import { UnlinkOrchestrator } from './use-cases/unlink-orchestrator.use-case.js';
import { UpdateClientId } from './use-cases/update-client-id.use-case.js';
import { GetClientId } from './use-cases/get-client-id.use-case.js';
import { ListClientIds } from './use-cases/list-client-ids.use-case.js';

const USE_CASES = [
  CreatePlatform,
  CreateClientId,
  UpdateClientId,
  CreateApiKey,
  RevokeApiKey,
  CreateOrchestrator,
  CreateOrchestratorKey,
  RevokeOrchestratorKey,
  LinkOrchestrator,
  UnlinkOrchestrator,
  ListClientIds,
  GetClientId,
];

/** Platforms, Client IDs, API keys and orchestrators: the operator and management use cases. */
@Module({ providers: [CredentialChanges, ...USE_CASES], exports: USE_CASES })
export class TenancyModule {}
