import { readFileSync } from 'node:fs';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { listRoutes, type RouteInfo } from '@payrail/platform';

// What CredentialGuard can answer on a guarded route of any mode: 401 (missing or invalid
// credential), 403 (a valid credential of a kind the route does not take; a refused Client ID;
// a cookie session writing from a foreign Origin) and the rate limiter's 429.
const GUARD_STATUSES = ['401', '403', '429'];

// Every route of both APIs declares how it authenticates (or why it is public).
// Built in Nest's preview mode: the route table without connecting to anything.
describe('every route declares its auth mode', () => {
  const routes: Record<string, RouteInfo[]> = {};

  beforeAll(async () => {
    process.env.DATABASE_URL ??= 'postgres://x@127.0.0.1:1/x';
    process.env.REDIS_URL ??= 'redis://127.0.0.1:1';
    const { PaymentsApiModule } = await import('../../apps/payments-api/src/app.module.js');
    const { AuthApiModule } = await import('../../apps/auth-api/src/app.module.js');
    for (const [name, module] of [
      ['payments-api', PaymentsApiModule.forRoot()],
      ['auth-api', AuthApiModule.forRoot()],
    ] as const) {
      const app: INestApplication = await NestFactory.create(module, { preview: true, logger: false });
      routes[name] = listRoutes(app);
      await app.close();
    }
  });

  it.each(['payments-api', 'auth-api'])('%s has no route without a declared auth mode', (name) => {
    const routesOfApp = routes[name];
    expect(routesOfApp.length).toBeGreaterThan(0);
    expect(routesOfApp.filter((r) => r.auth === undefined).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it("public routes are only the health probes, the sign-in and e-mail verification steps, the sandbox compliance pages and the onboarding page's intent read (and say why)", () => {
    const publicRoutes = Object.values(routes)
      .flat()
      .filter((r) => r.auth?.mode === 'public');
    for (const r of publicRoutes) {
      expect(r.path).toMatch(
        /^\/health\/|^\/v1\/auth\/(wallet\/challenge|wallet\/verify|register|login|logout|verify-email|verify-email\/resend)$|^\/sandbox\/compliance\/:step\/:session$|^\/v2\/orchestrators\/link-intents\/:intentId$/,
      );
      expect(r.auth?.mode === 'public' && r.auth.reason.length).toBeGreaterThan(5);
    }
  });

  it.each(['payments-api', 'auth-api'])('%s documents the credential guard errors of every guarded route in openapi/', (name) => {
    const doc = JSON.parse(readFileSync(new URL(`../../openapi/${name}.json`, import.meta.url), 'utf8')) as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const missing = routes[name].flatMap((r) => {
      if (!r.auth || r.auth.mode === 'public') return [];
      const expected = GUARD_STATUSES;
      const path = r.path.replace(/:(\w+)/g, '{$1}');
      const documented = Object.keys(doc.paths[path]?.[r.method.toLowerCase()]?.responses ?? {});
      const absent = expected.filter((status) => !documented.includes(status));
      return absent.length > 0 ? [`${r.method} ${path} (${r.auth.mode}): ${absent.join(', ')}`] : [];
    });
    expect(routes[name].length).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });
});
