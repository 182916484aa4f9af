// Renders every overlay under k8s/ and checks it offline: Kubernetes OpenAPI schemas
// (kubernetes-models) plus Payrail's own invariants. Rendering uses kubectl when present,
// else kustomize-lite; with kubectl present the two are also compared for equality.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  APPS,
  APP_NAMES,
  CHAIN_ENV,
  COMMON_ENV,
  HPA_APPS,
  SECRET_KEYS,
  configMapReferenceChecks,
  environmentNames,
  containerPortNames,
  hardeningChecks,
  minimumReplicas,
  named,
  ofKind,
  podLabels,
  podSpec,
  probeChecks,
  resourceChecks,
  secretReferenceChecks,
  selects,
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

    it('runs exactly the four apps, each with its own name as the image argument', () => {
      expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...APP_NAMES].sort());
      for (const d of deployments) {
        expect(mapsAt(podSpec(d), 'containers').map((c) => c.args)).toEqual([[d.metadata.name]]);
        expect(selects(stringMapAt(d, 'spec', 'selector', 'matchLabels'), podLabels(d))).toBe(true);
      }
    });

    it('gives every app the shared environment, and chain access only to payments-api and chain-worker', () => {
      for (const d of deployments) {
        const names = environmentNames(objects, d);
        const chain = ['payments-api', 'chain-worker'].includes(d.metadata.name) ? CHAIN_ENV : [];
        expect([d.metadata.name, names]).toEqual([d.metadata.name, expect.arrayContaining([...COMMON_ENV, ...chain])]);
        if (chain.length === 0) expect(names.filter((n) => CHAIN_ENV.includes(n))).toEqual([]);
      }
    });

    it('probes /health/live and /health/ready on each app port', () => {
      expect(deployments.flatMap(probeChecks)).toEqual([]);
      for (const d of deployments) {
        const ports = containerPortNames(d);
        expect(ports).toContain(APPS[d.metadata.name as keyof typeof APPS]);
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

    it('routes the base_url and auth_url hosts over TLS to the API Services', () => {
      const [ingress, ...others] = ofKind(objects, 'Ingress');
      expect(others).toEqual([]);
      const rules = mapsAt(ingress, 'spec', 'rules');
      const backendOf = (host: unknown): unknown =>
        at(
          rules.find((r) => r.host === host),
          'http',
          'paths',
          0,
          'backend',
          'service',
          'name',
        );
      const hosts = rules.map((r) => r.host);
      expect(hosts.map(backendOf)).toEqual(['payments-api', 'auth-api']);
      expect(new Set(hosts).size).toBe(2);
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
    const below = APP_NAMES.map((app) => [app, minimumReplicas(objects, app)] as const).filter(([, n]) => n < 2);
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
