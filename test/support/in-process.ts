import { type DynamicModule, type Provider, type Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { CLOCK, configureHttpApp, REDIS_TIME_SHIFT, type Clock } from '@payrail/platform';

/**
 * A clock the test moves by hand (session expiry). The Redis-timed limiters (rate limits, sign-in
 * back-off) never read it: given to startInProcessApi, what it was advanced by is added to Redis's
 * clock for them (REDIS_TIME_SHIFT), so moving it moves their windows and blocks too.
 */
export class ManualClock implements Clock {
  private readonly start: number;
  constructor(private current = Date.now()) {
    this.start = current;
  }
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
  /** How far the test has moved this clock: the shift of Redis's clock. */
  readonly shift = (): number => this.current - this.start;
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
  const clock = overrides.clock;
  if (clock) builder = builder.overrideProvider(CLOCK).useValue(clock);
  if (clock instanceof ManualClock) builder = builder.overrideProvider(REDIS_TIME_SHIFT).useValue(clock.shift);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, bufferLogs: true });
  configureHttpApp(app, { credentials: true });
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  return { app, url, close: () => app.close() };
}
