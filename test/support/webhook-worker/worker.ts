import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { type DnsLookup, WEBHOOK_DNS_LOOKUP } from '@payrail/webhooks';
import { Logger } from 'nestjs-pino';
import { WebhookWorkerModule } from '../../../apps/webhook-worker/src/app.module.js';

/** The webhook worker (relay + dispatcher) inside the test process; DNS can be replaced. */
export async function startWorkerInProcess(env: Record<string, string>, dns?: DnsLookup): Promise<NestExpressApplication> {
  let builder = Test.createTestingModule({ imports: [WebhookWorkerModule.forRoot(env)] });
  if (dns) builder = builder.overrideProvider(WEBHOOK_DNS_LOOKUP).useValue(dns);
  const app = (await builder.compile()).createNestApplication<NestExpressApplication>({ bufferLogs: true });
  app.useLogger(app.get(Logger));
  await app.init();
  return app;
}
