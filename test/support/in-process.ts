import { type DynamicModule, type Provider, type Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { CLOCK, configureHttpApp, type Clock } from '@payrail/platform';

/** A clock the test moves by hand (rate-limit windows, blocks, session expiry). */
export class ManualClock implements Clock {
  constructor(private current = Date.now()) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

export interface InProcessApi {
  app: NestExpressApplication;
  url: string;
  close(): Promise<void>;
}

/**
 * An API module started inside the test process, with the production bootstrap applied
 * (guards, CORS, pipes, filter), listening on a real port against the real servers.
 * Providers can be replaced, e.g. the clock.
 */
export async function startInProcessApi(
  module: Type | DynamicModule,
  overrides: { clock?: Clock; providers?: Provider[] } = {},
): Promise<InProcessApi> {
  let builder = Test.createTestingModule({ imports: [module], providers: overrides.providers ?? [] });
  if (overrides.clock) builder = builder.overrideProvider(CLOCK).useValue(overrides.clock);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, bufferLogs: true });
  configureHttpApp(app, { credentials: true });
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  return { app, url, close: () => app.close() };
}
