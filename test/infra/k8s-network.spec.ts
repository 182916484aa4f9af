// Network policies of every rendered overlay: deny-all first, then only the traffic each app
// uses; the webhook worker (which calls URLs its customers choose) reaches no private address; the
// browser apps are reached from the ingress controller only and reach no more than the APIs they proxy to.
import { APP_NAMES, WEB_APP_NAMES, environmentValues, isWebApp, ofKind, podLabels } from './k8s-checks.js';
import { type Json, type JsonMap, type K8sObject, at, isMap, mapsAt, stringMapAt } from './manifests.js';
import { OVERLAYS, overlayDir, render } from './render.js';

const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '100.64.0.0/10', '127.0.0.0/8'];

/** Label selector semantics: matchLabels all equal, matchExpressions In / NotIn / Exists. */
function matchesSelector(selector: Json | undefined, labels: Record<string, string>): boolean {
  const byLabels = Object.entries(stringMapAt(selector, 'matchLabels')).every(([k, v]) => labels[k] === v);
  const byExpressions = mapsAt(selector, 'matchExpressions').every((e) => {
    const value = labels[String(e.key)];
    const values = Array.isArray(e.values) ? e.values.map(String) : [];
    if (e.operator === 'In') return value !== undefined && values.includes(value);
    if (e.operator === 'NotIn') return value === undefined || !values.includes(value);
    if (e.operator === 'Exists') return value !== undefined;
    return false;
  });
  return byLabels && byExpressions;
}

const selectsPod = (policy: K8sObject, labels: Record<string, string>): boolean =>
  matchesSelector(at(policy, 'spec', 'podSelector'), labels);

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

  it('lets every server pod (the migration Job too) resolve names and reach PostgreSQL and Redis', () => {
    for (const w of workloads.filter((x) => !isWebApp(x.metadata.name))) {
      const egress = policiesOf(w).flatMap((p) => rules(p, 'egress'));
      const ports = egress.flatMap((r) => mapsAt(r, 'ports').map((p) => `${String(p.protocol)}/${String(p.port)}`));
      expect({ pod: w.metadata.name, ports: [...new Set(ports)].sort() }).toEqual({
        pod: w.metadata.name,
        ports: expect.arrayContaining(['UDP/53', 'TCP/53', 'TCP/5432', 'TCP/6379']),
      });
    }
  });

  it('admits outside traffic only from the ingress controller, to the two APIs and the two browser apps, on their http port', () => {
    const fromIngressController = { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } };
    for (const name of [...APP_NAMES, ...WEB_APP_NAMES]) {
      // Prometheus scrapes the server apps' metrics port; the browser apps have none, and no exception.
      const ingress = policiesOf(deployment(name))
        .filter((p) => isWebApp(name) || p.metadata.name !== 'payrail-metrics-ingress')
        .flatMap((p) => rules(p, 'ingress'));
      if (['payments-api', 'auth-api', ...WEB_APP_NAMES].includes(name)) {
        expect(ingress.length).toBeGreaterThan(0);
        for (const rule of ingress) {
          expect([name, mapsAt(rule, 'ports').map((p) => p.port)]).toEqual([name, ['http']]);
          expect([name, rule.from]).toEqual([name, [fromIngressController]]);
        }
      } else {
        expect({ name, ingress }).toEqual({ name, ingress: [] });
      }
    }
  });

  it('lets the browser apps reach only the API pods their web server proxies to (none: the Ingress routes the APIs)', () => {
    for (const name of WEB_APP_NAMES) {
      const web = deployment(name);
      const env = environmentValues(objects, web);
      const proxied = [env.PAYMENTS_API_UPSTREAM ? 'payments-api' : '', env.AUTH_API_UPSTREAM ? 'auth-api' : ''].filter(Boolean);
      const egress = policiesOf(web).flatMap((p) => rules(p, 'egress'));
      const peers = egress.flatMap((r) => (Array.isArray(r.to) ? r.to : [undefined]));
      // An egress rule without `to` allows every destination; a peer must be a pod selector of a proxied API.
      const reaches = peers.map((peer) => {
        if (!isMap(peer) || peer.ipBlock !== undefined || peer.namespaceSelector !== undefined) return 'anything';
        const targets = [...APP_NAMES].filter((app) => matchesSelector(peer.podSelector ?? {}, podLabels(deployment(app))));
        return targets.every((t) => proxied.includes(t)) && targets.length > 0 ? targets.join('+') : 'anything';
      });
      expect({ name, reaches: reaches.filter((r) => r === 'anything') }).toEqual({ name, reaches: [] });
      expect({ name, isolated: policiesOf(web).some((p) => types(p).includes('Egress')) }).toEqual({ name, isolated: true });
      if (proxied.length === 0) expect({ name, egress }).toEqual({ name, egress: [] });
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
