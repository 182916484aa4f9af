import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@payrail/devstack';
import type { Schema } from './fuzz-values.js';

interface Parameter {
  in: string;
  name: string;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface SecurityScheme {
  type: string;
  in?: string;
  name?: string;
  scheme?: string;
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; securitySchemes?: Record<string, SecurityScheme> };
}
export type Api = 'payments-api' | 'auth-api';

/**
 * Headers the OpenAPI documents that are public by design and may be logged: a Client ID is a
 * public identifier (it sits in every page that uses it), an Origin is the caller's page, a
 * wallet-proof timestamp is a clock reading. Every other documented header is taken as a secret:
 * a new one is checked as soon as it is documented, and logging it fails the test until it is
 * redacted or, deliberately, listed here.
 */
export const PUBLIC_HEADERS = new Set(['x-client-id', 'origin', 'x-wallet-proof-timestamp']);

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const marker = (what: string) => `${what.replace(/[^a-z0-9]/gi, '').slice(0, 12)}${randomBytes(10).toString('hex')}`;

export const openApi = (api: Api): OpenApi => JSON.parse(readFileSync(join(repoRoot(), 'openapi', `${api}.json`), 'utf8')) as OpenApi;

/** Every documented route of an API. */
export function routesOf(api: Api): { method: string; path: string; operation: Operation }[] {
  return Object.entries(openApi(api).paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

/**
 * Every header a request to the API can carry per its OpenAPI: header parameters of any route and
 * the security schemes (API-key headers, the bearer's Authorization, the session cookie), each
 * with a fresh marker value; public ones aside.
 */
export function secretHeadersOf(api: Api): Record<string, string> {
  const doc = openApi(api);
  const headers: Record<string, string> = {};
  for (const { operation } of routesOf(api))
    for (const p of operation.parameters ?? []) if (p.in === 'header') headers[p.name.toLowerCase()] = marker(p.name);
  for (const [name, scheme] of Object.entries(doc.components?.securitySchemes ?? {})) {
    if (scheme.type === 'apiKey' && scheme.in === 'header' && scheme.name) headers[scheme.name.toLowerCase()] = marker(scheme.name);
    if (scheme.type === 'apiKey' && scheme.in === 'cookie' && scheme.name) headers.cookie = `${scheme.name}=${marker(name)}`;
    if (scheme.type === 'http') headers.authorization = `${scheme.scheme === 'bearer' ? 'Bearer' : 'Basic'} ${marker(name)}`;
  }
  for (const name of PUBLIC_HEADERS) delete headers[name];
  return headers;
}

function resolve(schema: Schema, schemas: Record<string, Schema>): Schema {
  if (schema.$ref) return resolve(schemas[schema.$ref.split('/').pop()!] ?? {}, schemas);
  const composed = schema.allOf ?? schema.oneOf ?? schema.anyOf;
  return composed?.length ? resolve(composed[0], schemas) : schema;
}

/**
 * A body of the schema with a fresh marker in every string field (enums keep their first value,
 * numbers are 1), at any depth up to 5; the markers are collected into `markers` by field path.
 */
export function markedBody(
  raw: Schema,
  schemas: Record<string, Schema>,
  markers: Record<string, string>,
  path = 'body',
  depth = 0,
): unknown {
  const schema = resolve(raw, schemas);
  if (depth > 5) return null;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.properties)
    return Object.fromEntries(
      Object.entries(schema.properties).map(([key, s]) => [key, markedBody(s, schemas, markers, `${path}.${key}`, depth + 1)]),
    );
  if (schema.type === 'array' && schema.items) return [markedBody(schema.items, schemas, markers, `${path}[]`, depth + 1)];
  if (schema.type === 'integer' || schema.type === 'number') return 1;
  if (schema.type === 'boolean') return true;
  const value = marker(path.split('.').pop() ?? 'field');
  markers[path] = value;
  return value;
}

/**
 * Sends every documented route of `api` twice: once with every secret header (fresh markers, no
 * valid credential), once with `credentials` and a body whose every string field is a marker.
 * Answers the markers sent (none may reach a log line: bodies are never logged, secret headers
 * are redacted), named by route and header or field.
 */
export async function sendMarkedRoutes(api: Api, base: string, credentials: Record<string, string>): Promise<Record<string, string>> {
  const schemas = openApi(api).components?.schemas ?? {};
  const sent: Record<string, string> = {};
  for (const route of routesOf(api)) {
    const url = `${base}${route.path.replace(/\{[^}]+\}/g, '01JD3XQ3ZKQ8N4V7W2H6T9R5YB')}`;
    const name = `${api} ${route.method} ${route.path}`;
    const headers = secretHeadersOf(api);
    for (const [header, value] of Object.entries(headers)) sent[`${name} header ${header}`] = value.replace(/^.*[ =]/, '');
    await (await fetch(url, { method: route.method, headers })).arrayBuffer();
    const schema = route.operation.requestBody?.content?.['application/json']?.schema;
    if (!schema) continue;
    const markers: Record<string, string> = {};
    const body = JSON.stringify(markedBody(schema, schemas, markers));
    for (const [field, value] of Object.entries(markers)) sent[`${name} ${field}`] = value;
    await (await fetch(url, { method: route.method, headers: { ...credentials, 'content-type': 'application/json' }, body })).arrayBuffer();
  }
  return sent;
}
