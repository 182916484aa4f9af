// A minimal kustomize, used only when kubectl is not installed. It implements exactly the
// features k8s/ uses and throws on anything else, so a new feature in an overlay fails
// loudly here instead of rendering wrongly. Where kubectl exists, k8s.spec.ts asserts this
// renderer's output equals `kubectl kustomize` for every overlay.
// Transformer order follows kustomize: patches, namespace, labels, replicas, images.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Json, type JsonMap, type K8sObject, asK8sObject, isMap, objectId, parseYamlDocuments, readK8sFile } from './manifests.js';

const SUPPORTED_FIELDS = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'labels', 'images', 'replicas', 'patches']);
const NAMESPACED_KINDS = new Set([
  'ConfigMap',
  'Secret',
  'Service',
  'ServiceAccount',
  'Deployment',
  'Job',
  'HorizontalPodAutoscaler',
  'PodDisruptionBudget',
  'Ingress',
  'NetworkPolicy',
  'ExternalSecret',
]);
// kustomize's template-label field specs for the workload kinds we use.
const TEMPLATE_LABEL_KINDS = new Set(['Deployment', 'Job']);
const REPLICA_KINDS = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'ReplicationController']);
// Lists that strategic merge merges element-wise by a key; replacing them would differ.
const MERGE_KEYED_LISTS = new Set([
  'containers',
  'initContainers',
  'env',
  'volumes',
  'volumeMounts',
  'ports',
  'imagePullSecrets',
  'topologySpreadConstraints',
]);

function fail(dir: string, message: string): never {
  throw new Error(`kustomize-lite (${dir}): ${message}`);
}

function readKustomization(dir: string): JsonMap {
  const file = ['kustomization.yaml', 'kustomization.yml', 'Kustomization']
    .map((name) => join(dir, name))
    .find((candidate) => existsSync(candidate));
  if (!file) fail(dir, 'no kustomization.yaml');
  const [doc] = parseYamlDocuments(readFileSync(file, 'utf8'), file);
  if (!isMap(doc)) fail(dir, 'kustomization is not a map');
  const unsupported = Object.keys(doc).filter((key) => !SUPPORTED_FIELDS.has(key));
  if (unsupported.length > 0) fail(dir, `unsupported field(s): ${unsupported.join(', ')}`);
  return doc;
}

function entries(k: JsonMap, field: string, dir: string): JsonMap[] {
  const list = k[field];
  if (list === undefined) return [];
  if (!Array.isArray(list) || !list.every(isMap)) fail(dir, `${field} must be a list of maps`);
  return list;
}

function stringsOf(k: JsonMap, field: string, dir: string): string[] {
  const list = k[field];
  if (list === undefined) return [];
  if (!Array.isArray(list) || !list.every((x) => typeof x === 'string')) {
    fail(dir, `${field} must be a list of strings`);
  }
  return list;
}

function loadResources(dir: string, k: JsonMap): K8sObject[] {
  const objects = stringsOf(k, 'resources', dir).flatMap((entry) => {
    if (/^[a-z]+:\/\//i.test(entry)) fail(dir, `remote resource ${entry} is not supported`);
    const path = resolve(dir, entry);
    return statSync(path).isDirectory() ? renderLite(path) : readK8sFile(path);
  });
  const seen = new Set<string>();
  for (const obj of objects) {
    const id = objectId(obj);
    if (seen.has(id)) fail(dir, `duplicate resource ${id}`);
    seen.add(id);
  }
  return objects;
}

/** Strategic merge for maps and whole-list fields; null deletes a key. */
export function strategicMerge(target: JsonMap, patch: JsonMap, where = ''): JsonMap {
  const result: JsonMap = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    const path = `${where}/${key}`;
    if (key.startsWith('$')) throw new Error(`kustomize-lite: patch directive ${path} is not supported`);
    if (value === null) {
      delete result[key];
    } else if (Array.isArray(value)) {
      if (MERGE_KEYED_LISTS.has(key)) {
        throw new Error(`kustomize-lite: patching merge-keyed list ${path} is not supported`);
      }
      result[key] = structuredClone(value);
    } else if (isMap(value)) {
      const current = result[key];
      result[key] = strategicMerge(isMap(current) ? current : {}, value, path);
    } else {
      result[key] = value;
    }
  }
  return result;
}

function applyPatches(dir: string, k: JsonMap, objects: K8sObject[]): K8sObject[] {
  let out = objects;
  for (const entry of entries(k, 'patches', dir)) {
    const extra = Object.keys(entry).filter((key) => key !== 'path');
    if (extra.length > 0 || typeof entry.path !== 'string') {
      fail(dir, `only patches with a single "path" are supported (got ${Object.keys(entry).join(', ')})`);
    }
    const file = resolve(dir, entry.path);
    for (const patch of readK8sFile(file)) {
      const matches = out.filter(
        (o) => o.apiVersion === patch.apiVersion && o.kind === patch.kind && o.metadata.name === patch.metadata.name,
      );
      if (matches.length !== 1) fail(dir, `${file}: patch matches ${matches.length} objects`);
      out = out.map((o) => (o === matches[0] ? asK8sObject(strategicMerge(o, patch), file) : o));
    }
  }
  return out;
}

function setNamespace(dir: string, namespace: Json | undefined, objects: K8sObject[]): K8sObject[] {
  if (namespace === undefined) return objects;
  if (typeof namespace !== 'string') fail(dir, 'namespace must be a string');
  return objects.map((o) => {
    if (!NAMESPACED_KINDS.has(o.kind)) fail(dir, `unknown scope for kind ${o.kind}`);
    return { ...o, metadata: { ...o.metadata, namespace } };
  });
}

function addLabels(dir: string, k: JsonMap, objects: K8sObject[]): K8sObject[] {
  let out = objects;
  for (const entry of entries(k, 'labels', dir)) {
    const extra = Object.keys(entry).filter((key) => !['pairs', 'includeTemplates', 'includeSelectors'].includes(key));
    if (extra.length > 0 || entry.includeSelectors === true) {
      fail(dir, 'labels support only pairs and includeTemplates (includeSelectors: false)');
    }
    const pairs = entry.pairs;
    if (!isMap(pairs)) fail(dir, 'labels[].pairs must be a map');
    const withPairs = (labels: Json | undefined): JsonMap => ({ ...(isMap(labels) ? labels : {}), ...pairs });
    out = out.map((o) => {
      const next = structuredClone(o);
      next.metadata.labels = withPairs(next.metadata.labels);
      const template = isMap(next.spec) ? next.spec.template : undefined;
      if (entry.includeTemplates === true && TEMPLATE_LABEL_KINDS.has(o.kind) && isMap(template)) {
        const metadata = isMap(template.metadata) ? template.metadata : {};
        template.metadata = { ...metadata, labels: withPairs(metadata.labels) };
      }
      return next;
    });
  }
  return out;
}

function setReplicas(dir: string, k: JsonMap, objects: K8sObject[]): K8sObject[] {
  let out = objects;
  for (const { name, count, ...extra } of entries(k, 'replicas', dir)) {
    if (typeof name !== 'string' || typeof count !== 'number' || Object.keys(extra).length > 0) {
      fail(dir, 'replicas entries need exactly name and count');
    }
    const hits = out.filter((o) => o.metadata.name === name && REPLICA_KINDS.has(o.kind));
    if (hits.length === 0) fail(dir, `replicas: no workload named ${name}`);
    out = out.map((o) => (hits.includes(o) ? { ...o, spec: { ...(isMap(o.spec) ? o.spec : {}), replicas: count } } : o));
  }
  return out;
}

/** Splits `registry:5000/repo/name:tag` into name and tag, as kustomize's image.Split does. */
export function splitImage(image: string): { name: string; tag: string | undefined } {
  if (image.includes('@')) throw new Error(`kustomize-lite: image digests are not supported (${image})`);
  const colon = image.lastIndexOf(':');
  if (colon > image.lastIndexOf('/')) return { name: image.slice(0, colon), tag: image.slice(colon + 1) };
  return { name: image, tag: undefined };
}

function retagContainers(node: Json, rules: JsonMap[]): Json {
  if (Array.isArray(node)) return node.map((item) => retagContainers(item, rules));
  if (!isMap(node)) return node;
  const out: JsonMap = {};
  for (const [key, value] of Object.entries(node)) {
    const isContainerList = (key === 'containers' || key === 'initContainers') && Array.isArray(value);
    out[key] = isContainerList ? value.map((c) => retagOne(c, rules)) : retagContainers(value, rules);
  }
  return out;
}

function retagOne(container: Json, rules: JsonMap[]): Json {
  if (!isMap(container) || typeof container.image !== 'string') return retagContainers(container, rules);
  const { name, tag } = splitImage(container.image);
  const rule = rules.find((r) => r.name === name);
  if (!rule) return container;
  const newName = typeof rule.newName === 'string' ? rule.newName : name;
  const newTag = rule.newTag === undefined ? tag : String(rule.newTag);
  return { ...container, image: newTag === undefined ? newName : `${newName}:${newTag}` };
}

function setImages(dir: string, k: JsonMap, objects: K8sObject[]): K8sObject[] {
  const rules = entries(k, 'images', dir);
  for (const rule of rules) {
    const extra = Object.keys(rule).filter((key) => !['name', 'newName', 'newTag'].includes(key));
    if (typeof rule.name !== 'string' || extra.length > 0) fail(dir, 'images support name, newName, newTag');
  }
  if (rules.length === 0) return objects;
  return objects.map((o) => asK8sObject(retagContainers(o, rules), dir));
}

/** Renders the kustomization in `dir` (an overlay or a base) to a list of objects. */
export function renderLite(dir: string): K8sObject[] {
  const k = readKustomization(dir);
  let objects = loadResources(dir, k);
  objects = applyPatches(dir, k, objects);
  objects = setNamespace(dir, k.namespace, objects);
  objects = addLabels(dir, k, objects);
  objects = setReplicas(dir, k, objects);
  return setImages(dir, k, objects);
}
