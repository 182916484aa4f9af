import { randomBytes } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { parseEvmAddress, PayrailError } from '@payrail/domain';
import { AccountsRepository } from '@payrail/persistence';
import { CreateApiKey, CreateClientId, CreateOrchestrator, CreatePlatform, LinkOrchestrator } from '@payrail/tenancy';
import argon2 from 'argon2';
import { DataSource } from 'typeorm';

export interface DemoTenant {
  platformId: string;
  clientId: string;
  origin: string;
  backendClientId: string;
  apiKey: string;
  orchestratorId: string;
  orchestratorKey: string;
  /** The demo's dashboard login (e-mail/password), created verified: it signs in at once. */
  loginEmail: string;
  loginPassword: string;
  /** With `--wallet`: the EVM wallet that also owns the platform (wallet sign-in lands on it). */
  walletAddress?: string;
}

/**
 * An e-mail account owning the demo platform, its e-mail verified already (nobody reads a local
 * mailbox). argon2id with auth-api's parameters; auth-api reads them from the encoded hash anyway.
 */
async function demoLogin(app: INestApplicationContext, platformId: string): Promise<{ loginEmail: string; loginPassword: string }> {
  const loginEmail = `demo.${randomBytes(4).toString('hex')}@payrail.test`;
  const loginPassword = randomBytes(12).toString('base64url');
  const hash = await argon2.hash(loginPassword, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  await app.get(DataSource).transaction((m) => new AccountsRepository(m).createVerifiedByEmail(loginEmail, hash, platformId));
  return { loginEmail, loginPassword };
}

/** The demo wallet (an EVM address) made an owner of the platform: "Sign in with wallet" with it opens the demo platform. */
async function demoWallet(app: INestApplicationContext, platformId: string, wallet: string): Promise<{ walletAddress: string }> {
  const walletAddress = parseEvmAddress(wallet);
  if (!walletAddress) throw new PayrailError('VALIDATION_FAILED', '--wallet must be an EVM address (0x...)');
  await app.get(DataSource).transaction((m) => new AccountsRepository(m).attachWalletOwner('evm', walletAddress, platformId));
  return { walletAddress };
}

/**
 * `demo seed`: what `npm start` gives a new developer: a platform with a browser Client ID
 * for `origin`, a backend Client ID, an API key, an orchestrator linked to the platform, and a
 * verified e-mail login that owns the platform; with `wallet`, that EVM wallet owns it too.
 */
export async function seedDemo(app: INestApplicationContext, origin: string, wallet?: string): Promise<DemoTenant> {
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
    ...(await demoLogin(app, platform.id)),
    ...(wallet ? await demoWallet(app, platform.id, wallet) : {}),
  };
}
