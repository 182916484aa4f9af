import { type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppConfigModule, CredentialsModule, DatabaseModule, LoggingModule, RedisModule } from '@payrail/platform';
import { TenancyModule, UpdateClientId, type UpdateClientIdCommand } from '@payrail/tenancy';
import { PaymentsApiEnv } from '../../apps/payments-api/src/config/payments-api.env.js';
import { createOrchestrator, createTenant } from './tenancy/tenants.js';

/**
 * A platform with an API key and a Client ID in the database of `env`, made through the real
 * tenancy use cases in a short-lived application context (for tests that run the apps as processes).
 */
export async function createTenantIn(env: Record<string, string>, clientId: Parameters<typeof createTenant>[1] = {}) {
  return withFixtures(env, (context) => createTenant(context, clientId));
}

/** An orchestrator and its key in the database of `env`, like createTenantIn. */
export async function createOrchestratorIn(env: Record<string, string>) {
  return withFixtures(env, createOrchestrator);
}

/** Changes a Client ID as the operator CLI does (`client-id update`): every replica's credential cache drops it. */
export async function updateClientIdIn(env: Record<string, string>, command: UpdateClientIdCommand) {
  return withFixtures(env, (context) => context.get(UpdateClientId).execute(command));
}

async function withFixtures<T>(env: Record<string, string>, make: (context: INestApplicationContext) => Promise<T>): Promise<T> {
  @Module({
    imports: [
      AppConfigModule.forApp(PaymentsApiEnv, { ...env, LOG_LEVEL: 'silent' }),
      LoggingModule,
      DatabaseModule,
      RedisModule,
      CredentialsModule,
      TenancyModule,
    ],
  })
  class Fixtures {}
  const context = await NestFactory.createApplicationContext(Fixtures, { logger: false });
  try {
    return await make(context);
  } finally {
    await context.close();
  }
}
