import type { INestApplicationContext } from '@nestjs/common';
import {
  CreateApiKey,
  CreateClientId,
  CreateOrchestrator,
  CreateOrchestratorKey,
  CreatePlatform,
  LinkOrchestrator,
  RevokeApiKey,
  RevokeOrchestratorKey,
  UnlinkOrchestrator,
  UpdateClientId,
} from '@payrail/tenancy';
import { PayrailError } from '@payrail/domain';
import { reconcile, reconcileRepair } from './reconcile.js';
import { reencryptSecrets } from './reencrypt-secrets.js';
import { seedDemo } from './seed-demo.js';

export type Flags = Record<string, string | string[] | boolean | undefined>;

const required = (flags: Flags, name: string): string => {
  const value = one(flags, name);
  if (!value) throw new PayrailError('VALIDATION_FAILED', `--${name} is required`, { fields: [{ field: name, message: 'is required' }] });
  return value;
};
const many = (flags: Flags, name: string): string[] | undefined => {
  const value = flags[name];
  return Array.isArray(value) ? value : undefined;
};
const one = (flags: Flags, name: string): string | undefined => {
  const value = flags[name];
  if (Array.isArray(value)) return value[0];
  return typeof value === 'string' ? value : undefined;
};

type Command = (app: INestApplicationContext, flags: Flags) => Promise<object>;

/** `<resource> <verb>` -> what it does. Every command answers one object. */
export const COMMANDS: Record<string, Command> = {
  'platform create': (app, f) => app.get(CreatePlatform).execute({ name: required(f, 'name') }),
  'client-id create': (app, f) =>
    app.get(CreateClientId).execute({
      platformId: required(f, 'platform'),
      label: one(f, 'label'),
      allowedOrigins: many(f, 'origin'),
      rateTier: one(f, 'tier'),
      feePercentage: one(f, 'fee-percentage'),
      feeAddress: one(f, 'fee-address'),
    }),
  'client-id update': (app, f) =>
    app.get(UpdateClientId).execute({
      clientId: required(f, 'client-id'),
      status: one(f, 'status'),
      rateTier: one(f, 'tier'),
      allowedOrigins: many(f, 'origin'),
      label: one(f, 'label'),
    }),
  'api-key create': (app, f) => app.get(CreateApiKey).execute({ platformId: required(f, 'platform') }),
  'api-key revoke': (app, f) => app.get(RevokeApiKey).execute({ keyPrefix: required(f, 'key-prefix') }),
  'orchestrator create': (app, f) => app.get(CreateOrchestrator).execute({ name: required(f, 'name') }),
  'orchestrator-key create': (app, f) => app.get(CreateOrchestratorKey).execute({ orchestratorId: required(f, 'orchestrator') }),
  'orchestrator-key revoke': (app, f) => app.get(RevokeOrchestratorKey).execute({ keyPrefix: required(f, 'key-prefix') }),
  'orchestrator link': (app, f) =>
    app.get(LinkOrchestrator).execute({ orchestratorId: required(f, 'orchestrator'), clientId: required(f, 'client-id') }),
  'secrets reencrypt': (app) => reencryptSecrets(app),
  reconcile: (app, f) => reconcile(app, f),
  'reconcile repair': (app, f) => reconcileRepair(app, f),
  'demo seed': (app, f) => seedDemo(app, one(f, 'origin') ?? 'http://localhost:5173', one(f, 'wallet')),
  'orchestrator unlink': (app, f) =>
    app.get(UnlinkOrchestrator).execute({ orchestratorId: required(f, 'orchestrator'), clientId: required(f, 'client-id') }),
};

export const USAGE = `usage: npm run -s admin -- <command> [--json] [options]
  platform create --name N
  client-id create --platform ID [--origin URL ...] [--tier basic|default|premium|high-volume] [--label L] [--fee-percentage P --fee-address A]
  client-id update --client-id CID [--status active|inactive|revoked|restricted] [--tier T] [--origin URL ...] [--label L]
  api-key create --platform ID
  api-key revoke --key-prefix P
  orchestrator create --name N
  orchestrator link --orchestrator ID --client-id CID
  orchestrator-key create --orchestrator ID   (another key for the orchestrator, printed once)
  orchestrator-key revoke --key-prefix P      (answers 401 at once on every replica)
  orchestrator unlink --orchestrator ID --client-id CID
  reconcile --network N --from ISO [--to ISO] [--confirmations N]   (every platform's payments against the chain's fee-proxy logs)
  reconcile repair --run ID                   (re-ingest the run's missing_in_ledger items; settlement settles them)
  secrets reencrypt            (after a key rotation: rewrites webhook secrets and PII under the first key)
  demo seed [--origin URL] [--wallet 0x...]   (a demo platform, browser and backend Client IDs, API key, linked orchestrator,
                               verified e-mail login; the wallet, if given, owns the platform too)`;
