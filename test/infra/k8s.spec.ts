// Renders every overlay under k8s/ and checks it offline: Kubernetes OpenAPI schemas
// (kubernetes-models) plus Payrail's own invariants. Rendering uses kubectl when present,
// else kustomize-lite; with kubectl present the two are also compared for equality.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WEB_SERVER_ENV_DEFAULTS } from '../../apps/web-server/src/web-server-env.js';
import {
  DEPLOYMENT_NAMES,
  CHAIN_ENV,
  COMMON_ENV,
  HPA_APPS,
  SECRET_KEYS,
  configMapReferenceChecks,
  environmentNames,
  environmentValues,
  containerPortNames,
  hardeningChecks,
  isWebApp,
  minimumReplicas,
  named,
  ofKind,
  podLabels,
  podSpec,
  portOf,
  probeChecks,
  resourceChecks,
  secretReferenceChecks,
  selects,
  startupProbeChecks,
} from './k8s-checks.js';
import { schemaErrors } from './k8s-schema.js';
import { renderLite } from './kustomize-lite.js';
import { type K8sObject, at, mapsAt, parseYamlDocuments, readK8sFile, sortById, stringMapAt } from './manifests.js';
import { K8S_DIR, OVERLAYS, type Overlay, chosenRenderer, hasKubectl, overlayDir, render, renderWithKubectl } from './render.js';

const NAMESPACES: Record<Overlay, string> = {
  local: 'payrail-local',
  staging: 'payrail-staging',
  production: 'payrail',
};
const rendered = new Map<Overlay, K8sObject[]>(OVERLAYS.map((o) => [o, render(overlayDir(o))]));
const objectsOf = (overlay: Overlay): K8sObject[] => rendered.get(overlay) ?? [];
/** An image reference without its tag: `registry/payrail/payrail-web:1.0` -> `registry/payrail/payrail-web`. */
const repository = (image: string): string => image.replace(/:[\w.-]+$/, '');
const tagOf = (image: string): string => /:([\w.-]+)$/.exec(image)?.[1] ?? '';
const imageOf = (workload: K8sObject): string => String(mapsAt(podSpec(workload), 'containers')[0]?.image);

/** host -> path -> Service name, from an Ingress' rules. */
function routesOf(ingress: K8sObject | undefined): Record<string, Record<string, string>> {
  return Object.fromEntries(
    mapsAt(ingress, 'spec', 'rules').map((r) => [
      String(r.host),
      Object.fromEntries(mapsAt(r, 'http', 'paths').map((p) => [String(p.path), String(at(p, 'backend', 'service', 'name'))])),
    ]),
  );
}

describe(`k8s overlays rendered with ${chosenRenderer()}`, () => {
  describe.each(OVERLAYS)('%s', (overlay) => {
    const objects = objectsOf(overlay);
    const deployments = ofKind(objects, 'Deployment');

    it('renders only objects that validate against the Kubernetes OpenAPI schemas', async () => {
      expect(objects.length).toBeGreaterThan(10);
      expect(await schemaErrors(objects)).toEqual([]);
    });

    it('puts every object in the overlay namespace with its environment label', () => {
      const misplaced = objects.filter(
        (o) => o.metadata.namespace !== NAMESPACES[overlay] || stringMapAt(o, 'metadata', 'labels')['payrail.dev/environment'] !== overlay,
      );
      expect(misplaced.map((o) => `${o.kind} ${o.metadata.name}`)).toEqual([]);
    });

    it('runs the four server apps (their name as the image argument) and the two browser apps', () => {
      expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...DEPLOYMENT_NAMES].sort());
      for (const d of deployments) {
        const args = isWebApp(d.metadata.name) ? [undefined] : [[d.metadata.name]];
        expect([d.metadata.name, mapsAt(podSpec(d), 'containers').map((c) => c.args)]).toEqual([d.metadata.name, args]);
        expect(selects(stringMapAt(d, 'spec', 'selector', 'matchLabels'), podLabels(d))).toBe(true);
      }
    });

    it('runs the browser apps from the `web` image (payrail-web) with WEB_APP set, released with the same tag as the server image', () => {
      const server = deployments.filter((d) => !isWebApp(d.metadata.name)).map(imageOf);
      const web = deployments.filter((d) => isWebApp(d.metadata.name));
      expect(new Set(server.map(repository)).size).toBe(1);
      expect(repository(server[0])).toMatch(/(^|\/)payrail$/);
      for (const d of web) {
        expect([d.metadata.name, repository(imageOf(d)), tagOf(imageOf(d))]).toEqual([
          d.metadata.name,
          `${repository(server[0])}-web`,
          tagOf(server[0]),
        ]);
        expect(environmentValues(objects, d).WEB_APP).toBe(d.metadata.name);
      }
    });

    it('gives every server app the shared environment, and chain access only to payments-api and chain-worker', () => {
      for (const d of deployments.filter((w) => !isWebApp(w.metadata.name))) {
        const names = environmentNames(objects, d);
        const chain = ['payments-api', 'chain-worker'].includes(d.metadata.name) ? CHAIN_ENV : [];
        expect([d.metadata.name, names]).toEqual([d.metadata.name, expect.arrayContaining([...COMMON_ENV, ...chain])]);
        if (chain.length === 0) expect(names.filter((n) => CHAIN_ENV.includes(n))).toEqual([]);
      }
    });

    it("gives the browser apps the web server's variables only: no secret, data store or chain RPC", () => {
      for (const d of deployments.filter((w) => isWebApp(w.metadata.name))) {
        const names = environmentNames(objects, d);
        expect([d.metadata.name, names.filter((n) => !(n in WEB_SERVER_ENV_DEFAULTS))]).toEqual([d.metadata.name, []]);
        expect(secretReferenceChecks([d])).toEqual([]);
        expect(mapsAt(podSpec(d), 'containers').flatMap((c) => mapsAt(c, 'env').filter((e) => e.valueFrom !== undefined))).toEqual([]);
      }
    });

    it('probes /health/live (startup, liveness) and /health/ready (readiness) on each app port', () => {
      expect(deployments.flatMap(probeChecks)).toEqual([]);
      expect(deployments.flatMap(startupProbeChecks)).toEqual([]);
      for (const d of deployments) {
        const ports = containerPortNames(d);
        expect(ports).toContain(portOf(d.metadata.name));
      }
    });

    it('gives every container resource requests and limits', () => {
      expect([...deployments, ...ofKind(objects, 'Job')].flatMap(resourceChecks)).toEqual([]);
    });

    it('runs every pod non-root with a read-only root, no capabilities, RuntimeDefault seccomp and /tmp emptyDir', () => {
      expect([...deployments, ...ofKind(objects, 'Job')].flatMap(hardeningChecks)).toEqual([]);
    });

    it('autoscales payments-api, auth-api and webhook-worker, leaving their replica count to the HPA', () => {
      const hpas = ofKind(objects, 'HorizontalPodAutoscaler');
      expect(hpas.map((h) => at(h, 'spec', 'scaleTargetRef', 'name')).sort()).toEqual([...HPA_APPS].sort());
      for (const hpa of hpas) {
        const target = named(objects, 'Deployment', String(at(hpa, 'spec', 'scaleTargetRef', 'name')));
        expect(at(target, 'spec', 'replicas')).toBeUndefined();
        expect(Number(at(hpa, 'spec', 'minReplicas'))).toBeLessThanOrEqual(Number(at(hpa, 'spec', 'maxReplicas')));
      }
    });

    it('has a PodDisruptionBudget selecting the pods of each app', () => {
      const pdbs = ofKind(objects, 'PodDisruptionBudget');
      for (const d of deployments) {
        const covering = pdbs.filter((p) => selects(stringMapAt(p, 'spec', 'selector', 'matchLabels'), podLabels(d)));
        expect([d.metadata.name, covering.length]).toEqual([d.metadata.name, 1]);
      }
    });

    it('has a one-shot migration Job running the migrate command', () => {
      const [job, ...others] = ofKind(objects, 'Job');
      expect(others).toEqual([]);
      expect(mapsAt(podSpec(job), 'containers').map((c) => c.args)).toEqual([['migrate']]);
      expect(podSpec(job).restartPolicy).toBe('Never');
    });

    it('renders no Secret data and takes secrets only from payrail-secrets', () => {
      expect(ofKind(objects, 'Secret')).toEqual([]);
      expect(secretReferenceChecks(objects)).toEqual([]);
      expect(configMapReferenceChecks(objects)).toEqual([]);
    });

    it('sets PAYRAIL_ENV to the overlay and NODE_ENV to a known mode', () => {
      const data = stringMapAt(named(objects, 'ConfigMap', 'payrail-config'), 'data');
      expect(data.PAYRAIL_ENV).toBe(overlay);
      expect(['production', 'development', 'test']).toContain(data.NODE_ENV);
    });

    it('routes api., auth., pay. and dashboard. over TLS: the APIs, the payment page, and the dashboard with /v2 and /v1 on its own host', () => {
      const [ingress, ...others] = ofKind(objects, 'Ingress');
      expect(others).toEqual([]);
      const routes = routesOf(ingress);
      const hosts = Object.keys(routes);
      const domain = hosts[0].replace(/^api\./, '');
      expect(routes).toEqual({
        [`api.${domain}`]: { '/v2': 'payments-api' },
        [`auth.${domain}`]: { '/v1': 'auth-api' },
        [`pay.${domain}`]: { '/': 'payment-page' },
        [`dashboard.${domain}`]: { '/v2': 'payments-api', '/v1': 'auth-api', '/': 'dashboard' },
      });
      expect(mapsAt(ingress, 'spec', 'rules').flatMap((r) => mapsAt(r, 'http', 'paths').map((p) => p.pathType))).toEqual(
        Array(6).fill('Prefix'),
      );
      const tlsHosts = mapsAt(ingress, 'spec', 'tls').flatMap((t) => (t.secretName ? (at(t, 'hosts') as unknown[]) : []));
      expect(tlsHosts.sort()).toEqual([...hosts].sort());
    });

    it("names its own public hosts: PUBLIC_URL is the ingress's base_url host, the dashboard and page share its domain", () => {
      const data = stringMapAt(named(objects, 'ConfigMap', 'payrail-config'), 'data');
      const [apiHost] = mapsAt(ofKind(objects, 'Ingress')[0], 'spec', 'rules').map((r) => String(r.host));
      const domain = apiHost.replace(/^api\./, '');
      const siwe = new URL(data.SIWE_URI);
      const hosts = {
        PUBLIC_URL: new URL(data.PUBLIC_URL).host,
        SECURE_PAYMENT_PAGE_URL: new URL(data.SECURE_PAYMENT_PAGE_URL).host,
        SIWE_URI: siwe.host,
        SIWE_DOMAIN: data.SIWE_DOMAIN,
        ...Object.fromEntries(data.DASHBOARD_ORIGINS.split(',').map((o, i) => [`DASHBOARD_ORIGINS[${i}]`, new URL(o.trim()).host])),
      };
      expect(hosts.PUBLIC_URL).toBe(apiHost);
      expect(Object.entries(hosts).filter(([, host]) => !host.endsWith(`.${domain}`))).toEqual([]);
      expect(data.SIWE_DOMAIN).toBe(siwe.host);
      expect(data.DASHBOARD_ORIGINS.split(',').map((o) => o.trim())).toContain(siwe.origin);
    });

    it("serves securePaymentUrl, DASHBOARD_ORIGINS and the browser apps' API URLs from the hosts the Ingress routes", () => {
      const data = stringMapAt(named(objects, 'ConfigMap', 'payrail-config'), 'data');
      const routes = routesOf(ofKind(objects, 'Ingress')[0]);
      const serviceAt = (url: string): string | undefined => {
        const { host, pathname } = new URL(url);
        const paths = Object.keys(routes[host] ?? {}).sort((a, b) => b.length - a.length);
        const match = paths.find((p) => p === '/' || pathname === p || pathname.startsWith(`${p}/`));
        return match === undefined ? undefined : routes[host][match];
      };
      const webEnv = (app: string) => environmentValues(objects, named(objects, 'Deployment', app)!);
      const page = webEnv('payment-page');
      const dashboard = webEnv('dashboard');
      expect(serviceAt(`${data.SECURE_PAYMENT_PAGE_URL}/some-token`)).toBe('payment-page');
      const dashboards = data.DASHBOARD_ORIGINS.split(',').map((o) => o.trim());
      expect(dashboards.map((o) => [serviceAt(`${o}/`), serviceAt(`${o}/v2/request`), serviceAt(`${o}/v1/auth/me`)])).toEqual(
        dashboards.map(() => ['dashboard', 'payments-api', 'auth-api']),
      );
      // The page calls payments-api cross-origin at PUBLIC_URL; the dashboard same-origin, without a proxy.
      expect(serviceAt(`${page.PUBLIC_PAYMENTS_API_URL}/v2/request`)).toBe('payments-api');
      expect(new URL(page.PUBLIC_PAYMENTS_API_URL).origin).toBe(new URL(data.PUBLIC_URL).origin);
      expect(serviceAt(`${page.PUBLIC_AUTH_API_URL}/v1/auth/me`)).toBe('auth-api');
      expect([dashboard.PUBLIC_PAYMENTS_API_URL, dashboard.PUBLIC_AUTH_API_URL]).toEqual(['', '']);
      expect([page, dashboard].map((e) => [e.PAYMENTS_API_UPSTREAM, e.AUTH_API_UPSTREAM])).toEqual([
        ['', ''],
        ['', ''],
      ]);
    });

    it('points each Service and Ingress backend at existing pods and ports', () => {
      for (const service of ofKind(objects, 'Service')) {
        const target = deployments.find((d) => selects(stringMapAt(service, 'spec', 'selector'), podLabels(d)));
        for (const port of mapsAt(service, 'spec', 'ports')) {
          expect([service.metadata.name, containerPortNames(target)]).toEqual([
            service.metadata.name,
            expect.arrayContaining([port.targetPort]),
          ]);
        }
      }
      const backends = mapsAt(ofKind(objects, 'Ingress')[0], 'spec', 'rules').flatMap((r) => mapsAt(r, 'http', 'paths'));
      for (const path of backends) {
        const service = named(objects, 'Service', String(at(path, 'backend', 'service', 'name')));
        const portNames = mapsAt(service, 'spec', 'ports').map((p) => p.name);
        expect(portNames).toContain(at(path, 'backend', 'service', 'port', 'name'));
      }
    });

    if (overlay !== 'local') {
      it('pins a release image tag', () => {
        const images = [...deployments, ...ofKind(objects, 'Job')].flatMap((w) =>
          mapsAt(podSpec(w), 'containers').map((c) => String(c.image)),
        );
        expect(images.filter((image) => !/:[0-9A-Za-z][\w.-]*$/.test(image) || /:(latest|local)$/.test(image))).toEqual([]);
      });
    }
  });

  it('keeps at least two replicas of every app in production', () => {
    const objects = objectsOf('production');
    const below = DEPLOYMENT_NAMES.map((app) => [app, minimumReplicas(objects, app)] as const).filter(([, n]) => n < 2);
    expect(below).toEqual([]);
  });

  it('keeps the example Secret out of every kustomization and lists every referenced key in it', () => {
    const listed = ['base', ...OVERLAYS.map((o) => `overlays/${o}`)].flatMap((dir) => {
      const [k] = parseYamlDocuments(readFileSync(join(K8S_DIR, dir, 'kustomization.yaml'), 'utf8'), dir);
      return [...mapsAt(k, 'patches').map((p) => p.path), ...((at(k, 'resources') as unknown[] | undefined) ?? [])];
    });
    expect(listed.length).toBeGreaterThan(8);
    expect(listed.filter((file) => String(file).includes('example'))).toEqual([]);
    expect(readdirSync(K8S_DIR).filter((f) => f.endsWith('.example.yaml'))).toEqual(['payrail-secrets.example.yaml']);
    const [example] = readK8sFile(join(K8S_DIR, 'payrail-secrets.example.yaml'));
    const referenced = new Set(
      objectsOf('production').flatMap((o) =>
        mapsAt(podSpec(o), 'containers').flatMap((c) =>
          mapsAt(c, 'env').flatMap((e) => {
            const key = at(e, 'valueFrom', 'secretKeyRef', 'key');
            return key === undefined ? [] : [String(key)];
          }),
        ),
      ),
    );
    expect(Object.keys(stringMapAt(example, 'stringData')).sort()).toEqual([...SECRET_KEYS].sort());
    expect([...referenced].filter((key) => !SECRET_KEYS.includes(key))).toEqual([]);
  });

  // Registered only where kubectl exists (CI machines have it): there is nothing to compare
  // against elsewhere, and a skipped test would only hide that.
  if (hasKubectl()) {
    it.each(OVERLAYS)('kustomize-lite renders %s exactly as kubectl kustomize does', (overlay) => {
      const dir = overlayDir(overlay);
      expect(sortById(renderLite(dir))).toEqual(sortById(renderWithKubectl(dir)));
    });
  }
});
