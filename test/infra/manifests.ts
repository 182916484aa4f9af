// Shared types and small readers for the infra tests: rendered Kubernetes objects are
// plain JSON trees; these helpers give the tests typed access without `any`.
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';

export type Json = null | boolean | number | string | Json[] | JsonMap;
export interface JsonMap {
  [key: string]: Json;
}

export interface K8sObject extends JsonMap {
  apiVersion: string;
  kind: string;
  metadata: JsonMap & { name: string };
}

export function isMap(value: unknown): value is JsonMap {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses a multi-document YAML string; empty documents (a trailing `---`) are dropped. */
export function parseYamlDocuments(text: string, source: string): Json[] {
  return parseAllDocuments(text).flatMap((doc) => {
    if (doc.errors.length > 0) {
      throw new Error(`${source}: ${doc.errors.map((e) => e.message).join('; ')}`);
    }
    const value = doc.toJS() as Json | undefined;
    return value === null || value === undefined ? [] : [value];
  });
}

export function asK8sObject(value: Json, source: string): K8sObject {
  const ok =
    isMap(value) &&
    typeof value.apiVersion === 'string' &&
    typeof value.kind === 'string' &&
    isMap(value.metadata) &&
    typeof value.metadata.name === 'string';
  if (!ok) throw new Error(`${source}: not a Kubernetes object (apiVersion, kind, metadata.name)`);
  return value as K8sObject;
}

export function readK8sFile(file: string): K8sObject[] {
  return parseYamlDocuments(readFileSync(file, 'utf8'), file).map((doc) => asK8sObject(doc, file));
}

export function objectId(obj: K8sObject): string {
  const ns = typeof obj.metadata.namespace === 'string' ? obj.metadata.namespace : '~';
  return `${obj.apiVersion}/${obj.kind}/${ns}/${obj.metadata.name}`;
}

/** Reads a nested value by keys; undefined as soon as a step is missing. */
export function at(value: Json | undefined, ...path: (string | number)[]): Json | undefined {
  let current: Json | undefined = value;
  for (const key of path) {
    if (typeof key === 'number') {
      current = Array.isArray(current) ? current[key] : undefined;
    } else {
      current = isMap(current) ? current[key] : undefined;
    }
    if (current === undefined) return undefined;
  }
  return current;
}

export function mapsAt(value: Json | undefined, ...path: (string | number)[]): JsonMap[] {
  const list = at(value, ...path);
  return Array.isArray(list) ? list.filter(isMap) : [];
}

export function stringMapAt(value: Json | undefined, ...path: string[]): Record<string, string> {
  const map = at(value, ...path);
  if (!isMap(map)) return {};
  return Object.fromEntries(Object.entries(map).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

export function sortById(objects: K8sObject[]): K8sObject[] {
  return [...objects].sort((a, b) => objectId(a).localeCompare(objectId(b)));
}
