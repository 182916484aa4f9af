// Invariants of Payrail's rendered manifests. Each check returns a list of problems
// (empty = fine) so a failing test names every offending object at once.
import { type Json, type JsonMap, type K8sObject, at, isMap, mapsAt, stringMapAt } from './manifests.js';

export const APPS = {
  'payments-api': 8080,
  'auth-api': 8081,
  'webhook-worker': 8082,
  'chain-worker': 8083,
} as const;
export type AppName = keyof typeof APPS;
export const APP_NAMES = Object.keys(APPS) as AppName[];
export const HPA_APPS: AppName[] = ['payments-api', 'auth-api', 'webhook-worker'];
/** The browser apps: image target `web` (apps/web-server, WEB_APP=<name>), each listening on 8090. */
export const WEB_APPS = {
  'payment-page': 8090,
  dashboard: 8090,
} as const;
export type WebAppName = keyof typeof WEB_APPS;
export const WEB_APP_NAMES = Object.keys(WEB_APPS) as WebAppName[];
/** Every Deployment: the four server apps (image `payrail`) and the two browser apps (image `payrail-web`). */
export const DEPLOYMENT_NAMES: string[] = [...APP_NAMES, ...WEB_APP_NAMES];
export const isWebApp = (name: string): name is WebAppName => name in WEB_APPS;
export const portOf = (name: string): number => (isWebApp(name) ? WEB_APPS[name] : APPS[name as AppName]);
// Environment every app reads, and the chain access only payments-api and chain-worker get.
export const COMMON_ENV = ['NODE_ENV', 'PAYRAIL_ENV', 'PORT', 'LOG_LEVEL', 'DATABASE_URL', 'REDIS_URL', 'QUEUE_PREFIX'];
export const CHAIN_ENV = [
  ...['MAINNET', 'BASE', 'OPTIMISM', 'ARBITRUM_ONE', 'MATIC', 'BSC', 'SEPOLIA'].map((n) => `RPC_URL_${n}`),
  'TRON_API_URL',
];
export const SECRET_NAME = 'payrail-secrets';
export const SECRET_KEYS = [
  'DATABASE_URL',
  'REDIS_URL',
  'WEBHOOK_ENCRYPTION_KEYS',
  'RELAYER_PRIVATE_KEY',
  'PII_ENCRYPTION_KEYS',
  // Provider credentials, optional (secretKeyRef optional: true): SMTP relay and TronGrid.
  'SMTP_URL',
  'SMTP_PASSWORD',
  // The bucket of scheduled exports (chain-worker), optional.
  'EXPORT_S3_ACCESS_KEY_ID',
  'EXPORT_S3_SECRET_ACCESS_KEY',
  'TRON_API_KEY',
];

export function ofKind(objects: K8sObject[], kind: string): K8sObject[] {
  return objects.filter((o) => o.kind === kind);
}

export function named(objects: K8sObject[], kind: string, name: string): K8sObject | undefined {
  return objects.find((o) => o.kind === kind && o.metadata.name === name);
}

export function podSpec(workload: K8sObject): JsonMap {
  const spec = at(workload, 'spec', 'template', 'spec');
  return isMap(spec) ? spec : {};
}

export function podLabels(workload: K8sObject): Record<string, string> {
  return stringMapAt(workload, 'spec', 'template', 'metadata', 'labels');
}

export function selects(selector: Record<string, string>, labels: Record<string, string>): boolean {
  const pairs = Object.entries(selector);
  return pairs.length > 0 && pairs.every(([key, value]) => labels[key] === value);
}

function envValue(container: JsonMap, name: string): Json | undefined {
  return mapsAt(container, 'env').find((e) => e.name === name)?.value;
}

function probeProblems(where: string, container: JsonMap, kind: string, path: string): string[] {
  const get = at(container, kind, 'httpGet');
  if (!isMap(get)) return [`${where}: ${kind} is not an httpGet probe`];
  const problems = get.path === path ? [] : [`${where}: ${kind} path is ${String(get.path)}, expected ${path}`];
  const port = mapsAt(container, 'ports').find((p) => p.name === get.port || p.containerPort === get.port);
  if (!port) return [...problems, `${where}: ${kind} port ${String(get.port)} is not a container port`];
  if (String(port.containerPort) !== envValue(container, 'PORT')) {
    problems.push(`${where}: ${kind} probes port ${String(port.containerPort)} but PORT is ${String(envValue(container, 'PORT'))}`);
  }
  return problems;
}

/** Liveness on /health/live and readiness on /health/ready, on the port the app listens on. */
export function probeChecks(deployment: K8sObject): string[] {
  return mapsAt(podSpec(deployment), 'containers').flatMap((c) => {
    const where = `Deployment ${deployment.metadata.name}/${String(c.name)}`;
    return [...probeProblems(where, c, 'livenessProbe', '/health/live'), ...probeProblems(where, c, 'readinessProbe', '/health/ready')];
  });
}

export function resourceChecks(workload: K8sObject): string[] {
  return mapsAt(podSpec(workload), 'containers').flatMap((c) =>
    ['requests', 'limits'].flatMap((bound) =>
      ['cpu', 'memory']
        .filter((resource) => at(c, 'resources', bound, resource) === undefined)
        .map((resource) => `${workload.kind} ${workload.metadata.name}/${String(c.name)}: no ${bound}.${resource}`),
    ),
  );
}

/** Non-root, read-only root filesystem, no escalation, no capabilities, RuntimeDefault seccomp, /tmp emptyDir. */
export function hardeningChecks(workload: K8sObject): string[] {
  const pod = podSpec(workload);
  const podSecurity = isMap(pod.securityContext) ? pod.securityContext : {};
  const emptyDirs = mapsAt(pod, 'volumes')
    .filter((v) => isMap(v.emptyDir))
    .map((v) => v.name);
  return mapsAt(pod, 'containers').flatMap((c) => {
    const where = `${workload.kind} ${workload.metadata.name}/${String(c.name)}`;
    const own = isMap(c.securityContext) ? c.securityContext : {};
    const effective = (key: string): Json | undefined => own[key] ?? podSecurity[key];
    const problems: string[] = [];
    if (effective('runAsNonRoot') !== true) problems.push(`${where}: runAsNonRoot is not true`);
    if (effective('runAsUser') === 0) problems.push(`${where}: runAsUser is 0`);
    if (own.readOnlyRootFilesystem !== true) problems.push(`${where}: readOnlyRootFilesystem is not true`);
    if (own.allowPrivilegeEscalation !== false) problems.push(`${where}: allowPrivilegeEscalation is not false`);
    if (own.privileged === true) problems.push(`${where}: privileged`);
    const dropped = at(own, 'capabilities', 'drop');
    if (!Array.isArray(dropped) || !dropped.includes('ALL')) problems.push(`${where}: capabilities.drop lacks ALL`);
    if (at(effective('seccompProfile'), 'type') !== 'RuntimeDefault') problems.push(`${where}: seccomp is not RuntimeDefault`);
    const tmp = mapsAt(c, 'volumeMounts').find((m) => m.mountPath === '/tmp');
    if (!tmp || !emptyDirs.includes(tmp.name)) problems.push(`${where}: /tmp is not an emptyDir mount`);
    return problems;
  });
}

/** Secrets come only from `payrail-secrets`, never as literal env values or ConfigMap data. */
export function secretReferenceChecks(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const obj of objects) {
    if (obj.kind === 'Secret' && (obj.data !== undefined || obj.stringData !== undefined)) {
      problems.push(`Secret ${obj.metadata.name} with data is rendered`);
    }
    if (obj.kind === 'ConfigMap') {
      const leaked = SECRET_KEYS.filter((key) => at(obj, 'data', key) !== undefined);
      if (leaked.length > 0) problems.push(`ConfigMap ${obj.metadata.name} holds secret(s) ${leaked.join(', ')}`);
    }
    for (const c of mapsAt(podSpec(obj), 'containers')) {
      const where = `${obj.kind} ${obj.metadata.name}/${String(c.name)}`;
      for (const env of mapsAt(c, 'env')) {
        const ref = at(env, 'valueFrom', 'secretKeyRef');
        if (SECRET_KEYS.includes(String(env.name)) && env.value !== undefined) {
          problems.push(`${where}: ${String(env.name)} has a literal value`);
        }
        if (isMap(ref) && ref.name !== SECRET_NAME) problems.push(`${where}: secretKeyRef to ${String(ref.name)}`);
      }
      for (const source of mapsAt(c, 'envFrom')) {
        const ref = source.secretRef;
        if (isMap(ref) && ref.name !== SECRET_NAME) problems.push(`${where}: secretRef to ${String(ref.name)}`);
      }
    }
  }
  return problems;
}

/** Every configMapRef names a rendered ConfigMap. */
export function configMapReferenceChecks(objects: K8sObject[]): string[] {
  const maps = new Set(ofKind(objects, 'ConfigMap').map((o) => o.metadata.name));
  return objects.flatMap((obj) =>
    mapsAt(podSpec(obj), 'containers').flatMap((c) =>
      mapsAt(c, 'envFrom')
        .map((source) => at(source, 'configMapRef', 'name'))
        .filter((name) => name !== undefined && !maps.has(String(name)))
        .map((name) => `${obj.kind} ${obj.metadata.name}: configMapRef ${String(name)} is not rendered`),
    ),
  );
}

/** Replicas an app keeps at the least: the HPA's minReplicas, else spec.replicas (default 1). */
export function minimumReplicas(objects: K8sObject[], app: string): number {
  const hpa = ofKind(objects, 'HorizontalPodAutoscaler').find(
    (h) => at(h, 'spec', 'scaleTargetRef', 'kind') === 'Deployment' && at(h, 'spec', 'scaleTargetRef', 'name') === app,
  );
  const fromHpa = at(hpa, 'spec', 'minReplicas');
  if (hpa) return typeof fromHpa === 'number' ? fromHpa : 1;
  const replicas = at(named(objects, 'Deployment', app), 'spec', 'replicas');
  return typeof replicas === 'number' ? replicas : 1;
}

export function containerPortNames(workload: K8sObject | undefined): Json[] {
  if (!workload) return [];
  return mapsAt(podSpec(workload), 'containers').flatMap((c) => mapsAt(c, 'ports').flatMap((p) => [p.name, p.containerPort]));
}

/** A workload's first container's environment as values: ConfigMap data overridden by literal env values. */
export function environmentValues(objects: K8sObject[], workload: K8sObject): Record<string, string> {
  const container = mapsAt(podSpec(workload), 'containers')[0];
  const fromMaps = mapsAt(container, 'envFrom').map((source) =>
    stringMapAt(named(objects, 'ConfigMap', String(at(source, 'configMapRef', 'name'))), 'data'),
  );
  const literal = mapsAt(container, 'env').flatMap((e) => (typeof e.value === 'string' ? [[String(e.name), e.value]] : []));
  return Object.assign({}, ...fromMaps, Object.fromEntries(literal)) as Record<string, string>;
}

/** Variable names a workload's first container sees: its env plus the keys of its ConfigMaps. */
export function environmentNames(objects: K8sObject[], workload: K8sObject): string[] {
  const container = mapsAt(podSpec(workload), 'containers')[0];
  const fromMaps = mapsAt(container, 'envFrom').flatMap((source) => {
    const map = named(objects, 'ConfigMap', String(at(source, 'configMapRef', 'name')));
    return Object.keys(stringMapAt(map, 'data'));
  });
  return [...mapsAt(container, 'env').map((e) => String(e.name)), ...fromMaps];
}

/** The startup probe waits on liveness' route; every probe is an httpGet on the port the app listens on. */
export function startupProbeChecks(deployment: K8sObject): string[] {
  return mapsAt(podSpec(deployment), 'containers').flatMap((c) =>
    probeProblems(`Deployment ${deployment.metadata.name}/${String(c.name)}`, c, 'startupProbe', '/health/live'),
  );
}

/** A topology spread constraint on `topologyKey` that selects the Deployment's own pods. */
export function spreadChecks(deployment: K8sObject, topologyKey: string): string[] {
  const constraints = mapsAt(podSpec(deployment), 'topologySpreadConstraints').filter((t) => t.topologyKey === topologyKey);
  const own = constraints.filter((t) => selects(stringMapAt(t, 'labelSelector', 'matchLabels'), podLabels(deployment)));
  if (own.length !== 1)
    return [`Deployment ${deployment.metadata.name}: ${own.length} spread constraints on ${topologyKey} select its pods`];
  return Number(own[0].maxSkew) === 1
    ? []
    : [`Deployment ${deployment.metadata.name}: maxSkew ${String(own[0].maxSkew)} on ${topologyKey}`];
}

/** The metrics an HPA scales on, as `Resource/cpu` or `Pods/<metric name>`. */
export function hpaMetrics(hpa: K8sObject | undefined): string[] {
  return mapsAt(hpa, 'spec', 'metrics').map((m) => {
    if (m.type === 'Resource') return `Resource/${String(at(m, 'resource', 'name'))}`;
    if (m.type === 'Pods') return `Pods/${String(at(m, 'pods', 'metric', 'name'))}`;
    return String(m.type);
  });
}

/** Secret keys that pods read without `optional: true` (they do not start without them). */
export function requiredSecretKeys(objects: K8sObject[]): string[] {
  const keys = objects.flatMap((o) =>
    mapsAt(podSpec(o), 'containers').flatMap((c) =>
      mapsAt(c, 'env').flatMap((e) => {
        const ref = at(e, 'valueFrom', 'secretKeyRef');
        return isMap(ref) && ref.optional !== true ? [String(ref.key)] : [];
      }),
    ),
  );
  return [...new Set(keys)].sort();
}
