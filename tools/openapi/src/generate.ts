import 'reflect-metadata';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { buildOpenApiDocument, type OpenApiInfo } from '@payrail/platform';

/**
 * Builds the OpenAPI documents of both APIs without any server: the app graph is created
 * in Nest's preview mode (no provider runs, nothing connects), so only placeholder
 * configuration is needed. `npm run openapi` writes them to openapi/; a test compares the
 * committed files with what the running apps serve.
 */
const PLACEHOLDER_ENV = {
  DATABASE_URL: 'postgres://openapi:openapi@127.0.0.1:1/openapi',
  REDIS_URL: 'redis://127.0.0.1:1',
  LOG_LEVEL: 'silent',
};

export async function openApiDocuments(): Promise<Record<string, object>> {
  for (const [k, v] of Object.entries(PLACEHOLDER_ENV)) process.env[k] ??= v;
  const { PaymentsApiModule } = await import('../../../apps/payments-api/src/app.module.js');
  const { PAYMENTS_API_OPENAPI } = await import('../../../apps/payments-api/src/openapi-info.js');
  const { AuthApiModule } = await import('../../../apps/auth-api/src/app.module.js');
  const { AUTH_API_OPENAPI } = await import('../../../apps/auth-api/src/openapi-info.js');
  const build = async (module: object, info: OpenApiInfo) => {
    const app: INestApplication = await NestFactory.create(module as never, { preview: true, logger: false, abortOnError: false });
    const doc = buildOpenApiDocument(app, info);
    await app.close();
    return doc;
  };
  return {
    'payments-api': await build(PaymentsApiModule.forRoot(), PAYMENTS_API_OPENAPI),
    'auth-api': await build(AuthApiModule.forRoot(), AUTH_API_OPENAPI),
  };
}

export async function writeOpenApiDocuments(outDir: string): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const written: string[] = [];
  for (const [name, doc] of Object.entries(await openApiDocuments())) {
    const file = join(outDir, `${name}.json`);
    await writeFile(file, JSON.stringify(doc, null, 2) + '\n');
    written.push(file);
  }
  return written;
}
