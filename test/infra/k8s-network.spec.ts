// Network policies of every rendered overlay: deny-all first, then only the traffic each app
// uses; the webhook worker (which calls URLs its customers choose) reaches no private address.
import { APP_NAMES, ofKind, podLabels } from './k8s-checks.js';
import { type JsonMap, type K8sObject, at, isMap, mapsAt, stringMapAt } from './manifests.js';
import { OVERLAYS, overlayDir, render } from './render.js';

const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '100.64.0.0/10', '127.0.0.0/8'];

/** podSelector semantics: matchLabels all equal, matchExpressions In / NotIn / Exists. */
function selectsPod(policy: K8sObject, labels: Record<string, string>): boolean {
  const byLabels = Object.entries(stringMapAt(policy, 'spec', 'podSelector', 'matchLabels')).every(([k, v]) => labels[k] === v);
  const byExpressions = mapsAt(policy, 'spec', 'podSelector', 'matchExpressions').every((e) => {
    const value = labels[String(e.key)];
    const values = Array.isArray(e.values) ? e.values.map(String) : [];
    if (e.operator === 'In') return value !== undefined && values.includes(value);
    if (e.operator === 'NotIn') return value === undefined || !values.includes(value);
    if (e.operator === 'Exists') return value !== undefined;
    return false;
  });
  return byLabels && byExpressions;
}

const types = (policy: K8sObject): string[] => {
  const t = at(policy, 'spec', 'policyTypes');
  return Array.isArray(t) ? t.map(String) : [];
};
const rules = (policy: K8sObject, kind: 'ingress' | 'egress'): JsonMap[] => mapsAt(policy, 'spec', kind);
const ipBlocks = (rule: JsonMap): JsonMap[] => mapsAt(rule, 'to').flatMap((peer) => (isMap(peer.ipBlock) ? [peer.ipBlock] : []));

describe.each(OVERLAYS)('k8s network policies (%s)', (overlay) => {
  const objects = render(overlayDir(overlay));
  const policies = ofKind(objects, 'NetworkPolicy');
  const workloads = [...ofKind(objects, 'Deployment'), ...ofKind(objects, 'Job')];
  const policiesOf = (workload: K8sObject) => policies.filter((p) => selectsPod(p, podLabels(workload)));
  const deployment = (name: string) => ofKind(objects, 'Deployment').find((d) => d.metadata.name === name)!;

  it('puts every pod (the migration Job too) under a deny-all policy for ingress and egress', () => {
    const unguarded = workloads.filter(
      (w) =>
        !policiesOf(w).some(
          (p) => types(p).includes('Ingress') && types(p).includes('Egress') && !at(p, 'spec', 'ingress') && !at(p, 'spec', 'egress'),
        ),
    );
    expect(unguarded.map((w) => w.metadata.name)).toEqual([]);
  });

  it('lets every pod resolve names and reach PostgreSQL and Redis', () => {
    for (const w of workloads) {
      const egress = policiesOf(w).flatMap((p) => rules(p, 'egress'));
      const ports = egress.flatMap((r) => mapsAt(r, 'ports').map((p) => `${String(p.protocol)}/${String(p.port)}`));
      expect({ pod: w.metadata.name, ports: [...new Set(ports)].sort() }).toEqual({
        pod: w.metadata.name,
        ports: expect.arrayContaining(['UDP/53', 'TCP/53', 'TCP/5432', 'TCP/6379']),
      });
    }
  });

  it('admits outside traffic to the two APIs only, on their http port', () => {
    for (const name of APP_NAMES) {
      const ingress = policiesOf(deployment(name))
        .filter((p) => p.metadata.name !== 'payrail-metrics-ingress')
        .flatMap((p) => rules(p, 'ingress'));
      if (name === 'payments-api' || name === 'auth-api') {
        expect(ingress.length).toBeGreaterThan(0);
        for (const rule of ingress) expect(mapsAt(rule, 'ports').map((p) => p.port)).toEqual(['http']);
      } else {
        expect({ name, ingress }).toEqual({ name, ingress: [] });
      }
    }
  });

  it('lets apps reach public addresses on 443 only, never a private, metadata or loopback range', () => {
    for (const name of APP_NAMES) {
      const open = policiesOf(deployment(name))
        .flatMap((p) => rules(p, 'egress'))
        .filter((r) => ipBlocks(r).some((b) => b.cidr === '0.0.0.0/0'));
      expect(open.length).toBeGreaterThan(0);
      for (const rule of open) {
        expect(mapsAt(rule, 'ports').map((p) => `${String(p.protocol)}/${String(p.port)}`)).toEqual(['TCP/443']);
        for (const block of ipBlocks(rule)) {
          const except = Array.isArray(block.except) ? block.except.map(String) : [];
          expect(except).toEqual(expect.arrayContaining(PRIVATE_RANGES));
        }
      }
    }
  });
});
