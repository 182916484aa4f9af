// The monitoring resources (k8s/monitoring, k8s/keda): CRD shapes validated offline with the
// published models, the alert rules checked by promtool (Debian's prometheus package; where it
// cannot be installed, by Prometheus' PromQL grammar alone), and every metric an alert, a
// dashboard panel or the KEDA trigger names is one the apps register.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { metricsRegistry } from '@payrail/platform';
// The apps' own metric families (libs/platform registers only the generic ones: HTTP, RPC, queues, outbox).
import '../../apps/chain-worker/src/detection/detection.metrics.js';
import '../../apps/chain-worker/src/shared/settlement.metrics.js';
import '../../apps/chain-worker/src/recurring/recurring.metrics.js';
import '../../apps/chain-worker/src/reconciliation/reconciliation.metrics.js';
import '../../apps/webhook-worker/src/shared/webhook-metrics.js';
import { ensurePromtool } from '@payrail/test-support/promtool.js';
import { metricNamesIn } from './promql.js';
import { REPO_ROOT } from './render.js';

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec: Record<string, unknown>;
}
interface Rule {
  alert: string;
  expr: string;
  for?: string;
  annotations: Record<string, string>;
}
interface Panel {
  type: string;
  title: string;
  targets?: { expr: string }[];
}

const manifests = (dir: string): Manifest[] =>
  readdirSync(join(REPO_ROOT, 'k8s', dir))
    .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml' && !f.endsWith('-values.yaml')) // Helm values: k8s-availability.spec.ts
    .flatMap((f) => parseAllDocuments(readFileSync(join(REPO_ROOT, 'k8s', dir, f), 'utf8')).map((d) => d.toJS() as Manifest));
const all = [...manifests('monitoring'), ...manifests('keda')];
interface AdapterRule {
  seriesQuery: string;
  resources: { overrides: Record<string, { resource: string }> };
  name: { matches: string; as: string };
  metricsQuery: string;
}
const adapter = parse(readFileSync(join(REPO_ROOT, 'k8s', 'monitoring', 'prometheus-adapter-values.yaml'), 'utf8')) as {
  rules: { default: boolean; custom: AdapterRule[] };
};
const byKind = (kind: string) => all.filter((m) => m.kind === kind);
const rules = (byKind('PrometheusRule')[0].spec.groups as { rules: Rule[] }[]).flatMap((g) => g.rules);
const dashboard = JSON.parse(readFileSync(join(REPO_ROOT, 'k8s', 'monitoring', 'grafana-dashboard.json'), 'utf8')) as {
  panels: Panel[];
};
const kedaQueries = byKind('ScaledObject').flatMap((s) =>
  (s.spec.triggers as { type: string; metadata: { query?: string } }[])
    .filter((t) => t.type === 'prometheus')
    .map((t) => t.metadata.query!),
);

/** Every series name the apps export: from the registry's definitions (histograms as _bucket, _sum, _count). */
function exportedNames(): Set<string> {
  const names = new Set<string>();
  for (const metric of metricsRegistry.getMetricsAsArray()) {
    const type = (metric as unknown as { type: string }).type;
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(metric.name + suffix);
    else if (type === 'summary') for (const suffix of ['', '_sum', '_count']) names.add(metric.name + suffix);
    else names.add(metric.name);
  }
  return names;
}

const MODELS: Record<string, string> = {
  'monitoring.coreos.com/v1/PodMonitor': '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PodMonitor',
  'monitoring.coreos.com/v1/PrometheusRule': '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule',
  'keda.sh/v1alpha1/ScaledObject': '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject',
};

describe('monitoring resources (k8s/monitoring, k8s/keda)', () => {
  it('holds a PodMonitor on the metrics port, the PrometheusRule and the KEDA ScaledObject of webhook-worker', () => {
    expect(all.map((m) => `${m.kind}/${m.metadata.name}`).sort()).toEqual([
      'PodMonitor/payrail',
      'PrometheusRule/payrail',
      'ScaledObject/webhook-worker',
    ]);
    const endpoints = byKind('PodMonitor')[0].spec.podMetricsEndpoints as { port: string; path: string }[];
    expect(endpoints).toEqual([expect.objectContaining({ port: 'metrics', path: '/metrics' })]);
    expect(byKind('ScaledObject')[0].spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'webhook-worker' });
  });

  it.each(all.map((m) => [`${m.kind} ${m.metadata.name}`, m] as const))('validates %s against its published CRD schema', async (_, m) => {
    const specifier = MODELS[`${m.apiVersion}/${m.kind}`];
    expect(specifier).toBeDefined();
    const Model = ((await import(specifier)) as Record<string, new (data: unknown) => { validate(): void }>)[m.kind];
    expect(() => new Model(structuredClone(m)).validate()).not.toThrow();
    // The schemas ignore unknown fields: a misspelt one must fail somewhere.
    expect(() => new Model({ ...structuredClone(m), spec: { ...m.spec, scaleTargetRef: 7, selector: 7, groups: 7 } }).validate()).toThrow();
  });

  it('alerts on detection lag, the outbox, delivery failures, queue wait, recurring failures, the relayer balance, reconciliation discrepancies and 5xx, each with a runbook', () => {
    expect(rules.map((r) => r.alert)).toEqual([
      'PayrailDetectionLagging',
      'PayrailOutboxStalled',
      'PayrailWebhookDeliveriesFailing',
      'PayrailWebhookQueueWaiting',
      'PayrailRecurringExecutionsFailing',
      'PayrailRelayerBalanceLow',
      'PayrailReconciliationDiscrepancies',
      'PayrailHttp5xxRatio',
    ]);
    expect(rules.find((r) => r.alert === 'PayrailDetectionLagging')?.for).toBe('2m');
    expect(rules.find((r) => r.alert === 'PayrailOutboxStalled')?.expr).toMatch(/> 60$/);
    const runbooks = readFileSync(join(REPO_ROOT, 'docs', 'operations.md'), 'utf8');
    for (const rule of rules) {
      expect(rule.annotations.runbook_url).toMatch(new RegExp(`docs/operations\\.md#${rule.alert.toLowerCase()}$`));
      expect(runbooks).toContain(`### ${rule.alert}`);
    }
  });

  it('passes promtool check rules (Debian prometheus), or the PromQL grammar where promtool cannot be installed', () => {
    for (const rule of rules) expect(() => metricNamesIn(rule.expr)).not.toThrow();
    const promtool = ensurePromtool();
    if (!promtool) return; // checked above with the grammar alone: see docs/observability.md
    const file = join(mkdtempSync(join(tmpdir(), 'payrail-rules-')), 'rules.yaml');
    writeFileSync(file, stringify({ groups: byKind('PrometheusRule')[0].spec.groups }));
    const out = execFileSync(promtool, ['check', 'rules', file], { encoding: 'utf8' });
    expect(out).toContain(`SUCCESS: ${rules.length} rules found`);
    writeFileSync(file, stringify({ groups: [{ name: 'broken', rules: [{ alert: 'Broken', expr: 'sum(rate(x[5m])' }] }] }));
    expect(() => execFileSync(promtool, ['check', 'rules', file], { stdio: 'pipe' })).toThrow();
  });

  it('gives the dashboard one row per app with traffic, errors, latency, queues and chain lag panels', () => {
    const rows = dashboard.panels.filter((p) => p.type === 'row').map((p) => p.title);
    expect(rows).toEqual(['payments-api', 'auth-api', 'webhook-worker', 'chain-worker']);
    const titles = dashboard.panels.map((p) => p.title).join('\n');
    for (const word of ['Traffic', 'Errors', 'Latency', 'Queues', 'Chain lag']) expect(titles).toContain(word);
  });

  it('names in every alert, dashboard query and KEDA trigger only metrics the apps register', () => {
    const exported = exportedNames();
    expect(exported.has('payrail_http_requests_total')).toBe(true);
    expect(exported.has('payrail_queue_wait_seconds_bucket')).toBe(true);
    const queries = [
      ...rules.map((r) => [`alert ${r.alert}`, r.expr]),
      ...dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => [`panel ${p.title}`, t.expr])),
      ...kedaQueries.map((q) => ['KEDA trigger', q]),
    ];
    expect(queries.length).toBeGreaterThan(30);
    const unknown = queries.flatMap(([where, expr]) =>
      metricNamesIn(expr)
        .filter((name) => !exported.has(name))
        .map((name) => `${where}: ${name}`),
    );
    expect(unknown).toEqual([]);
    expect(() => metricNamesIn('sum(rate(payrail_http_requests_total[5m])')).toThrow();
  });
  it("serves the HPAs' request-rate metric (prometheus-adapter rule) from a counter the apps export, per pod and namespace, with a query Prometheus parses", () => {
    expect(adapter.rules.custom).toHaveLength(1);
    const [rule] = adapter.rules.custom;
    const [series] = metricNamesIn(rule.seriesQuery);
    const exported = metricsRegistry.getMetricsAsArray().find((metric) => metric.name === series);
    expect([series, (exported as unknown as { type: string } | undefined)?.type]).toEqual(['payrail_http_requests_total', 'counter']);
    expect(new RegExp(rule.name.matches).test(series)).toBe(true);
    expect(rule.resources.overrides).toEqual({ namespace: { resource: 'namespace' }, pod: { resource: 'pod' } });
    // The adapter fills the template per request: the series, the label matchers of the pods asked for, the group-by label.
    const query = rule.metricsQuery
      .replace('<<.Series>>', series)
      .replace('<<.LabelMatchers>>', 'namespace="payrail",pod=~"payments-api-.*"')
      .replace('<<.GroupBy>>', 'pod');
    expect(metricNamesIn(query)).toEqual([series]);
    expect(query).toMatch(/^sum\(rate\(/);
  });
});
