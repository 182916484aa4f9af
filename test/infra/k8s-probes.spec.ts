// The probes of every rendered Deployment against the routes the apps really serve: the four Nest
// apps' route tables (their modules built in Nest's preview mode, nothing connected) and the browser
// apps' web server started in-process and asked. A probe path an app does not serve would fail every
// pod's startup in the cluster; this fails here instead.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamicModule, INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { listRoutes } from '@payrail/platform';
import { startWebServer } from '../../apps/web-server/src/server.js';
import { APP_NAMES, type AppName, isWebApp, ofKind, podSpec } from './k8s-checks.js';
import { type JsonMap, at, mapsAt } from './manifests.js';
import { OVERLAYS, overlayDir, render } from './render.js';

const PROBES = ['startupProbe', 'livenessProbe', 'readinessProbe'] as const;

/** Every probe of every Deployment in every overlay: app, probe kind and path. */
const probes = OVERLAYS.flatMap((overlay) =>
  ofKind(render(overlayDir(overlay)), 'Deployment').flatMap((d) =>
    mapsAt(podSpec(d), 'containers').flatMap((c: JsonMap) =>
      PROBES.map((kind) => ({ overlay, app: d.metadata.name, kind, path: at(c, kind, 'httpGet', 'path') })),
    ),
  ),
);

async function getRoutesOf(app: AppName): Promise<string[]> {
  const modules: Record<AppName, () => Promise<DynamicModule>> = {
    'payments-api': async () => (await import('../../apps/payments-api/src/app.module.js')).PaymentsApiModule.forRoot(),
    'auth-api': async () => (await import('../../apps/auth-api/src/app.module.js')).AuthApiModule.forRoot(),
    'webhook-worker': async () => (await import('../../apps/webhook-worker/src/app.module.js')).WebhookWorkerModule.forRoot(),
    'chain-worker': async () => (await import('../../apps/chain-worker/src/app.module.js')).ChainWorkerModule.forRoot(),
  };
  const nest: INestApplication = await NestFactory.create(await modules[app](), { preview: true, logger: false });
  try {
    return listRoutes(nest)
      .filter((r) => r.method === 'GET')
      .map((r) => r.path);
  } finally {
    await nest.close();
  }
}

describe('probes of the rendered Deployments hit routes the apps serve', () => {
  const served = new Map<string, string[]>();

  beforeAll(async () => {
    process.env.DATABASE_URL ??= 'postgres://x@127.0.0.1:1/x';
    process.env.REDIS_URL ??= 'redis://127.0.0.1:1';
    for (const app of APP_NAMES) served.set(app, await getRoutesOf(app));
  });

  it('every Deployment has an httpGet startup, liveness and readiness probe', () => {
    expect(probes.length).toBe(OVERLAYS.length * 6 * PROBES.length);
    expect(probes.filter((p) => typeof p.path !== 'string').map((p) => `${p.overlay} ${p.app} ${p.kind}`)).toEqual([]);
  });

  it.each(APP_NAMES)('%s serves GET on each of its probe paths (read from its Nest route table)', (app) => {
    const routes = served.get(app) ?? [];
    expect(routes.length).toBeGreaterThan(0);
    const mine = probes.filter((p) => p.app === app);
    expect(mine.filter((p) => !routes.includes(String(p.path))).map((p) => `${p.overlay} ${p.kind} ${String(p.path)}`)).toEqual([]);
    // Liveness must not be the dependency check: a Postgres outage would restart every pod.
    expect(new Set(mine.filter((p) => p.kind === 'livenessProbe').map((p) => p.path))).not.toContain(
      mine.find((p) => p.kind === 'readinessProbe')?.path,
    );
  });

  it('payment-page and dashboard answer 200 on their probe paths from the web server, and not on a path it lacks', async () => {
    const server = await startWebServer({
      root: mkdtempSync(join(tmpdir(), 'payrail-probe-root-')),
      port: 0,
      config: { paymentsApiUrl: '', authApiUrl: '', networks: [] },
    });
    try {
      const webProbes = probes.filter((p) => isWebApp(p.app));
      expect(webProbes.length).toBe(OVERLAYS.length * 2 * PROBES.length);
      const statuses = await Promise.all(
        [...new Set(webProbes.map((p) => String(p.path)))].map(async (path) => [path, (await fetch(`${server.url}${path}`)).status]),
      );
      expect(statuses.filter(([, status]) => status !== 200)).toEqual([]);
      expect((await fetch(`${server.url}/health/nothing-here`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
