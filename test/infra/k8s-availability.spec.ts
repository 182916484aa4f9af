// What keeps Payrail up through node drains, zone outages, load and secret rotation, checked on the
// objects `kubectl kustomize` renders for every overlay: a PDB per app, spread across zones, HPAs of
// the two APIs on CPU and on request rate (the prometheus-adapter rule that serves it), resource
// requests at or above the figures bench:footprint measured, and, in production, payrail-secrets
// from an ExternalSecret listing every key a pod needs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import {
  DEPLOYMENT_NAMES,
  SECRET_NAME,
  hpaMetrics,
  minimumReplicas,
  named,
  ofKind,
  podLabels,
  requiredSecretKeys,
  selects,
  spreadChecks,
} from './k8s-checks.js';
import { type K8sObject, at, mapsAt, stringMapAt } from './manifests.js';
import { K8S_DIR, OVERLAYS, type Overlay, hasKubectl, kubectlKinds, overlayDir, render } from './render.js';

const rendered = new Map<Overlay, K8sObject[]>(OVERLAYS.map((o) => [o, render(overlayDir(o))]));
const objectsOf = (overlay: Overlay): K8sObject[] => rendered.get(overlay) ?? [];
const API_APPS = ['payments-api', 'auth-api'];

// The metric name prometheus-adapter serves (its rule is checked in monitoring.spec.ts).
const adapter = parse(readFileSync(join(K8S_DIR, 'monitoring', 'prometheus-adapter-values.yaml'), 'utf8')) as {
  rules: { custom: { name: { as: string } }[] };
};

/** Mebibytes of a Kubernetes memory quantity (Mi/Gi), millicores of a CPU quantity. */
const mebibytes = (q: string): number => (q.endsWith('Gi') ? parseFloat(q) * 1024 : parseFloat(q));
const millicores = (q: string): number => (q.endsWith('m') ? parseFloat(q) : parseFloat(q) * 1000);

describe('availability of the rendered overlays', () => {
  it('renders every overlay with kubectl kustomize (kubectl is on the machine image; PAYRAIL_KUSTOMIZE=lite opts out explicitly)', () => {
    if (process.env.PAYRAIL_KUSTOMIZE === 'lite') {
      expect(OVERLAYS.map((o) => objectsOf(o).length > 10)).toEqual(OVERLAYS.map(() => true));
      return;
    }
    expect(
      hasKubectl() ? 'kubectl found' : 'kubectl with kustomize v5+ is not installed: install kubectl, or set PAYRAIL_KUSTOMIZE=lite',
    ).toBe('kubectl found');
    expect(kubectlKinds(join(K8S_DIR, 'keda'))).toEqual(['ScaledObject/webhook-worker']);
    expect(kubectlKinds(join(K8S_DIR, 'monitoring'))).toEqual([
      'ConfigMap/payrail-grafana-dashboard',
      'PodMonitor/payrail',
      'PrometheusRule/payrail',
    ]);
  });

  describe.each(OVERLAYS)('%s', (overlay) => {
    const objects = objectsOf(overlay);
    const deployments = ofKind(objects, 'Deployment');

    it('has exactly one PodDisruptionBudget per app, which lets a drain evict one pod at a time', () => {
      expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...DEPLOYMENT_NAMES].sort());
      for (const d of deployments) {
        const covering = ofKind(objects, 'PodDisruptionBudget').filter((p) =>
          selects(stringMapAt(p, 'spec', 'selector', 'matchLabels'), podLabels(d)),
        );
        expect([d.metadata.name, covering.map((p) => at(p, 'spec', 'maxUnavailable'))]).toEqual([d.metadata.name, [1]]);
      }
    });

    it('spreads every app across zones (topology.kubernetes.io/zone) and then nodes', () => {
      expect(deployments.flatMap((d) => spreadChecks(d, 'topology.kubernetes.io/zone'))).toEqual([]);
      expect(deployments.flatMap((d) => spreadChecks(d, 'kubernetes.io/hostname'))).toEqual([]);
    });

    it('scales payments-api and auth-api on CPU and on the request rate prometheus-adapter serves', () => {
      const [rule] = adapter.rules.custom;
      for (const app of API_APPS) {
        const hpa = ofKind(objects, 'HorizontalPodAutoscaler').find((h) => at(h, 'spec', 'scaleTargetRef', 'name') === app);
        expect([app, hpaMetrics(hpa)]).toEqual([app, ['Resource/cpu', `Pods/${rule.name.as}`]]);
        const perPod = mapsAt(hpa, 'spec', 'metrics').find((m) => m.type === 'Pods');
        expect([app, at(perPod, 'pods', 'target', 'type'), Number(at(perPod, 'pods', 'target', 'averageValue'))]).toEqual([
          app,
          'AverageValue',
          expect.any(Number),
        ]);
        expect(Number(at(perPod, 'pods', 'target', 'averageValue'))).toBeGreaterThan(0);
      }
    });
  });

  it('keeps at least two pods of every app in production, so its PDB never blocks a drain and a zone loss leaves one', () => {
    const objects = objectsOf('production');
    expect(DEPLOYMENT_NAMES.filter((app) => minimumReplicas(objects, app) < 2)).toEqual([]);
  });

  it('syncs payrail-secrets in production from an ExternalSecret that lists every key a pod cannot start without', () => {
    const objects = objectsOf('production');
    const [external, ...others] = ofKind(objects, 'ExternalSecret');
    expect(others).toEqual([]);
    expect(at(external, 'spec', 'target')).toMatchObject({ name: SECRET_NAME, creationPolicy: 'Owner' });
    expect(at(external, 'spec', 'secretStoreRef', 'kind')).toBe('ClusterSecretStore');
    const synced = mapsAt(external, 'spec', 'data').map((d) => String(d.secretKey));
    expect(requiredSecretKeys(objects)).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'RELAYER_PRIVATE_KEY', 'PII_ENCRYPTION_KEYS', 'WEBHOOK_ENCRYPTION_KEYS']),
    );
    expect(requiredSecretKeys(objects).filter((key) => !synced.includes(key))).toEqual([]);
    for (const overlay of ['local', 'staging'] as const) expect(ofKind(objectsOf(overlay), 'ExternalSecret')).toEqual([]);
  });

  it('requests at least the memory and CPU bench:footprint measured, quoting the figure beside each request', () => {
    const problems: string[] = [];
    for (const workload of [...ofKind(objectsOf('production'), 'Deployment'), ...ofKind(objectsOf('production'), 'Job')]) {
      const name = workload.metadata.name;
      const file = join(K8S_DIR, 'base', `${name === 'payrail-migrate' ? 'migrate-job' : name}.yaml`);
      const lines = readFileSync(file, 'utf8').split('\n');
      const at_ = lines.findIndex((l) => /^\s+resources:/.test(l));
      const comment = lines
        .slice(Math.max(0, at_ - 3), at_)
        .filter((l) => l.trim().startsWith('#'))
        .join(' ');
      const peak = /peak RSS (\d+) MiB/.exec(comment)?.[1];
      const cpu = /CPU (\d+)m/.exec(comment)?.[1];
      if (!comment.includes('bench:footprint') || peak === undefined || cpu === undefined) {
        problems.push(`${file}: no "bench:footprint ... peak RSS N MiB ... CPU Nm" comment above resources`);
        continue;
      }
      const requests = at(mapsAt(workload, 'spec', 'template', 'spec', 'containers')[0], 'resources', 'requests');
      if (mebibytes(String(at(requests, 'memory'))) < Number(peak)) problems.push(`${name}: memory request below the measured ${peak} MiB`);
      if (millicores(String(at(requests, 'cpu'))) < Number(cpu)) problems.push(`${name}: cpu request below the measured ${cpu}m`);
    }
    expect(problems).toEqual([]);
    expect(named(objectsOf('production'), 'Job', 'payrail-migrate')).toBeDefined();
  });
});
