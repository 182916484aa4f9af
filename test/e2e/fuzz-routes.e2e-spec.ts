import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { repoRoot, type AppHandle } from '@payrail/devstack';
import { type Schema, textFor, valueFor, WRONG_CURSORS } from '@payrail/test-support/fuzz-values.js';
import { mailOutbox, verifyEmailOf } from '@payrail/test-support/mail-outbox.js';
import { createOrchestratorIn, createTenantIn } from '@payrail/test-support/tenants.js';
import { appEnv, createTestDatabase, startTestApp, uniqueName } from '@payrail/test-support/stack.js';

interface Operation {
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}
type Api = 'payments-api' | 'auth-api';

/** A fixed seed (FUZZ_SEED overrides it): a failure names it with the counterexample, so it replays. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 24);
const ORIGIN = 'https://shop.example';
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
/** A test fire waits up to WEBHOOK_TEST_WAIT_MS (1 s at least) for a worker this file does not start: fewer runs. */
const runsFor = (path: string) => (path.endsWith('/webhooks/test') || path.endsWith('/webhook/test') ? 5 : RUNS_PER_ROUTE);

/** A path segment as sent; a lone surrogate (which encodeURIComponent refuses) goes as the bytes a lenient client would send. */
const segment = (text: string): string => {
  try {
    return encodeURIComponent(text || '-');
  } catch {
    return `%ED%A0%80${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}`;
  }
};

// Every route of both APIs, read from the committed OpenAPI documents (the platform e2e test
// keeps them equal to what the apps serve, so a new route is fuzzed as soon as it is documented).
const documents = Object.fromEntries(
  (['payments-api', 'auth-api'] as const).map((api) => [
    api,
    JSON.parse(readFileSync(join(repoRoot(), 'openapi', `${api}.json`), 'utf8')) as OpenApi,
  ]),
) as Record<Api, OpenApi>;
const routes = (Object.keys(documents) as Api[]).flatMap((api) =>
  Object.entries(documents[api].paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({ api, method: method.toUpperCase(), path, operation })),
  ),
);

/** Credential headers by security scheme name, in the order they are preferred. */
type Credentials = Record<string, Record<string, string>>;

/** The headers of the first security requirement the test holds every credential of; none on public routes. */
function credentialFor(operation: Operation, credentials: Credentials): Record<string, string> {
  const requirements = operation.security ?? [];
  const order = Object.keys(credentials);
  const held = requirements
    .filter((r) => Object.keys(r).every((scheme) => scheme in credentials))
    .sort((a, b) => Math.min(...Object.keys(a).map((s) => order.indexOf(s))) - Math.min(...Object.keys(b).map((s) => order.indexOf(s))));
  return Object.assign({}, ...Object.keys(held[0] ?? {}).map((scheme) => credentials[scheme])) as Record<string, string>;
}

// Random and boundary values (huge, negative, many decimals, empty, unicode, control characters,
// wrong types, nested junk, over-long strings, extra properties) in every path parameter, query
// parameter and JSON body of every documented route, sent with a valid credential to the built
// apps as processes. Whatever arrives: no 5xx, every error in the spec's shape, every request answered.
describe('fuzzing every route of both APIs never gets a 5xx or an error outside the spec shape', () => {
  const apps = {} as Record<Api, AppHandle>;
  const credentials: Credentials = {};

  beforeAll(async () => {
    const mail = mailOutbox();
    const env = appEnv(await createTestDatabase(), uniqueName('fuzz'), {
      ...mail.env,
      RATE_LIMIT_MULTIPLIER: '1000',
      WEBHOOK_TEST_WAIT_MS: '1000',
    });
    const [tenant, orchestrator] = await Promise.all([createTenantIn(env, { allowedOrigins: [ORIGIN] }), createOrchestratorIn(env)]);
    [apps['payments-api'], apps['auth-api']] = await Promise.all([startTestApp('payments-api', env), startTestApp('auth-api', env)]);
    const account = { email: `${uniqueName('fuzz')}@example.com`, password: 'correct horse battery staple' };
    const post = (path: string) =>
      fetch(`${apps['auth-api'].url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(account),
      });
    expect((await post('/v1/auth/register')).status).toBe(201);
    await verifyEmailOf(apps['auth-api'].url, mail.dir, account.email);
    const login = await post('/v1/auth/login');
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0].split(';')[0];
    const { sessionToken } = (await login.json()) as { sessionToken?: string };
    credentials['x-api-key'] = { 'x-api-key': tenant.apiKey.apiKey };
    credentials.session_token = { cookie, origin: ORIGIN };
    credentials['__Host-session_token'] = credentials.session_token; // the scheme's name in the documents
    if (sessionToken) credentials.bearer = { authorization: `Bearer ${sessionToken}` };
    credentials['x-orchestrator-key'] = { 'x-orchestrator-key': orchestrator.orchestratorKey };
    credentials['x-client-id'] = { 'x-client-id': tenant.client.clientId, origin: ORIGIN };
  }, 120000);
  afterAll(async () => {
    await Promise.all(Object.values(apps).map((app) => app?.stop()));
  });

  it('covers every route of both documents', () => {
    expect(routes.filter((r) => r.api === 'payments-api').length).toBeGreaterThan(25);
    expect(routes.filter((r) => r.api === 'auth-api').length).toBeGreaterThan(10);
  });

  it.each(routes.map((r) => [`${r.api} ${r.method} ${r.path}`, r] as const))('%s', async (_name, route) => {
    const components = documents[route.api].components?.schemas ?? {};
    const parameters = route.operation.parameters ?? [];
    const pathParams = parameters.filter((p) => p.in === 'path');
    const queryParams = parameters.filter((p) => p.in === 'query');
    const bodySchema = route.operation.requestBody?.content?.['application/json']?.schema;
    const request = fc.record({
      path: fc.tuple(...pathParams.map((p) => textFor(p.schema ?? {}, components, p.name))),
      query: fc.tuple(...queryParams.map((p) => fc.option(textFor(p.schema ?? {}, components, p.name), { freq: 3 }))),
      body: bodySchema ? valueFor(bodySchema, components) : fc.constant(undefined),
    });
    const headers = { ...credentialFor(route.operation, credentials), 'content-type': 'application/json' };
    const base = apps[route.api].url;

    await fc.assert(
      fc.asyncProperty(request, async ({ path, query, body }) => {
        let url = route.path;
        pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, segment(path[i]))));
        const search = new URLSearchParams();
        queryParams.forEach((p, i) => query[i] !== null && search.append(p.name, query[i]));
        const sent = `${route.method} ${url}?${search.toString()} ${JSON.stringify(body)?.slice(0, 500)}`;
        const res = await fetch(`${base}${url}?${search.toString()}`, {
          method: route.method,
          headers,
          body: body === undefined || route.method === 'GET' ? undefined : JSON.stringify(body),
        }).catch((error: unknown) => {
          throw new Error(`no answer (request lost) to ${sent}: ${String(error)}`);
        });
        const text = await res.text();
        if (res.status >= 500) throw new Error(`${res.status} for ${sent}: ${text}`);
        if (res.status < 400) return;
        const error = JSON.parse(text) as Record<string, unknown>;
        expect({ sent, statusCode: error.statusCode, message: typeof error.message, error: typeof error.error }).toEqual({
          sent,
          statusCode: res.status,
          message: 'string',
          error: 'string',
        });
        if (error.errors !== undefined) {
          expect(Array.isArray(error.errors)).toBe(true);
          for (const item of error.errors as Record<string, unknown>[])
            expect([typeof item.field, typeof item.message]).toEqual(['string', 'string']);
        }
      }),
      { seed: SEED, numRuns: runsFor(route.path), endOnFailure: true },
    );
  });

  // Every paged list (any documented route with a `cursor` query parameter; `after` too where the
  // route has it) gets every well-formed-but-wrong cursor: an empty page (200) for a cursor of its
  // own id form, a 400 in the error shape for any other, never a 5xx (a value cast in SQL); 403/404
  // where the route refuses the test's credential or path id first.
  const paged = routes.filter((r) => r.operation.parameters?.some((p) => p.in === 'query' && p.name === 'cursor'));
  it('finds the paged routes in the documents', () => expect(paged.length).toBeGreaterThanOrEqual(8));
  it.each(paged.map((r) => [`${r.api} ${r.method} ${r.path}`, r] as const))('cursors: %s', async (_name, route) => {
    const headers = credentialFor(route.operation, credentials);
    const names = (route.operation.parameters ?? []).filter((p) => p.in === 'query' && ['cursor', 'after'].includes(p.name));
    const url = route.path.replace(/\{[^}]+\}/g, '01JD3XQ3ZKQ8N4V7W2H6T9R5YB');
    for (const { name } of names) {
      for (const cursor of WRONG_CURSORS) {
        const sent = `${route.method} ${url}?${name}=${cursor}`;
        const res = await fetch(`${apps[route.api].url}${url}?${new URLSearchParams({ [name]: cursor }).toString()}`, { headers });
        const body = (await res.json()) as Record<string, unknown>;
        expect({ sent, status: [200, 400, 403, 404].includes(res.status) ? 'expected' : res.status }).toEqual({ sent, status: 'expected' });
        if (res.status >= 400)
          expect({ sent, statusCode: body.statusCode, error: typeof body.error }).toEqual({
            sent,
            statusCode: res.status,
            error: 'string',
          });
      }
    }
  });

  it('both apps are still ready after the fuzzing', async () => {
    for (const app of Object.values(apps)) expect((await fetch(`${app.url}/health/ready`)).status).toBe(200);
  });
});
