// Every variable an app reads (its env schema) is deployed: in the k8s ConfigMaps or the
// Secret, in docker/compose.yml or docker/env.example, and documented in the table of
// docs/configuration.md and in .env.example; listed values are valid for the app and equal its
// defaults unless deliberate.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { validateEnv } from '@payrail/platform';
import { WEB_SERVER_ENV_DEFAULTS, parseWebServerEnv } from '../../apps/web-server/src/web-server-env.js';
import { APP_NAMES, SECRET_KEYS, WEB_APP_NAMES, environmentNames, environmentValues, named } from './k8s-checks.js';
import { NOT_DEPLOYED, SCHEMAS, WEB_NOT_DEPLOYED, defaultMismatches, defaultsOf, variablesOf } from './env-schemas.js';
import { type Json, at, isMap, stringMapAt } from './manifests.js';
import { OVERLAYS, REPO_ROOT, overlayDir, render } from './render.js';

const deployed = (app: (typeof APP_NAMES)[number]): string[] => variablesOf(SCHEMAS[app]).filter((name) => !(name in NOT_DEPLOYED));
const WEB_VARIABLES = Object.keys(WEB_SERVER_ENV_DEFAULTS);
const webDeployed = WEB_VARIABLES.filter((name) => !(name in WEB_NOT_DEPLOYED));
const allVariables = [...new Set([...APP_NAMES.flatMap((app) => variablesOf(SCHEMAS[app])), ...WEB_VARIABLES])].sort();
const allDefaults = Object.assign({}, ...APP_NAMES.map((app) => defaultsOf(SCHEMAS[app]))) as Record<string, string>;
// Stand-ins for the Secret's values, so a ConfigMap can be validated as an app would at boot.
const KEY = `k1:${Buffer.alloc(32, 1).toString('base64')}`;
const SECRETS = {
  DATABASE_URL: 'postgres://payrail@db:5432/payrail',
  REDIS_URL: 'redis://redis:6379',
  WEBHOOK_ENCRYPTION_KEYS: KEY,
  PII_ENCRYPTION_KEYS: KEY,
  RELAYER_PRIVATE_KEY: `0x${'11'.repeat(32)}`,
  SMTP_URL: 'smtp://payrail:CHANGE_ME@smtp.example.com:587',
  SMTP_PASSWORD: 'CHANGE_ME',
  EXPORT_S3_ACCESS_KEY_ID: 'CHANGE_ME',
  EXPORT_S3_SECRET_ACCESS_KEY: 'CHANGE_ME',
  TRON_API_KEY: '00000000-0000-0000-0000-000000000000',
};

describe('the apps read variables that the deployment files know', () => {
  it('finds the variables of each app in its schema (sanity check of the reader)', () => {
    expect(variablesOf(SCHEMAS['chain-worker'])).toEqual(expect.arrayContaining(['DATABASE_URL', 'EXPIRY_SWEEP_BATCH_SIZE', 'PORT']));
    expect(variablesOf(SCHEMAS['payments-api'])).toEqual(expect.arrayContaining(['PII_ENCRYPTION_KEYS', 'RATE_LIMIT_BLOCK_SECONDS']));
    expect(variablesOf(SCHEMAS['webhook-worker'])).not.toContain('PII_ENCRYPTION_KEYS');
    expect(allDefaults.LOG_BUFFER_BYTES).toBe('4096');
  });

  it('gives shared variables one default in every app (PORT aside), so one ConfigMap entry fits all', () => {
    const conflicts = APP_NAMES.flatMap((app) =>
      Object.entries(defaultsOf(SCHEMAS[app]))
        .filter(([name, value]) => name !== 'PORT' && value !== allDefaults[name])
        .map(([name]) => `${app}: ${name}`),
    );
    expect(conflicts).toEqual([]);
  });

  describe.each(OVERLAYS)('k8s overlay %s', (overlay) => {
    const objects = render(overlayDir(overlay));
    const config = {
      ...stringMapAt(named(objects, 'ConfigMap', 'payrail-config'), 'data'),
      ...stringMapAt(named(objects, 'ConfigMap', 'payrail-rpc'), 'data'),
    };

    it.each(APP_NAMES)('sets every variable %s reads (ConfigMap, Secret reference or container env)', (app) => {
      const names = new Set(environmentNames(objects, named(objects, 'Deployment', app)!));
      expect(deployed(app).filter((name) => !names.has(name))).toEqual([]);
    });

    it('lists only variables some app reads, secrets only in the Secret, values at the defaults', () => {
      expect(Object.keys(config).filter((name) => !allVariables.includes(name))).toEqual([]);
      expect(Object.keys(config).filter((name) => SECRET_KEYS.includes(name))).toEqual([]);
      expect(defaultMismatches(`${overlay} ConfigMap`, config, allDefaults)).toEqual([]);
    });

    it.each(APP_NAMES)('holds values %s accepts at boot', (app) => {
      expect(() => validateEnv(SCHEMAS[app], { ...config, ...SECRETS })).not.toThrow();
    });

    it.each(WEB_APP_NAMES)('sets every web-server variable for %s, only those, at values it accepts at boot', (app) => {
      const deployment = named(objects, 'Deployment', app)!;
      const names = environmentNames(objects, deployment);
      expect(webDeployed.filter((name) => !names.includes(name))).toEqual([]);
      expect(names.filter((name) => !WEB_VARIABLES.includes(name))).toEqual([]);
      const env = environmentValues(objects, deployment);
      expect(parseWebServerEnv(env)).toMatchObject({ app, port: Number(env.PORT) });
      expect(defaultMismatches(`${overlay} ${app}`, env, WEB_SERVER_ENV_DEFAULTS)).toEqual([]);
    });
  });

  it('lists every secret an app reads in the example Secret', () => {
    const example = parse(readFileSync(join(REPO_ROOT, 'k8s', 'payrail-secrets.example.yaml'), 'utf8')) as Json;
    const keys = Object.keys(stringMapAt(example, 'stringData'));
    expect(Object.keys(SECRETS).sort()).toEqual([...SECRET_KEYS].sort());
    expect(keys.sort()).toEqual([...SECRET_KEYS].sort());
  });

  describe('docker/compose.yml', () => {
    const compose = parse(readFileSync(join(REPO_ROOT, 'docker', 'compose.yml'), 'utf8'), { merge: true }) as Json;
    const exampleKeys = readFileSync(join(REPO_ROOT, 'docker', 'env.example'), 'utf8')
      .split('\n')
      .filter((l) => /^\w+=/.test(l))
      .map((l) => l.split('=')[0]);
    // `${NAME:-default}` is the value compose uses when docker/.env does not set NAME.
    const environmentOf = (app: string): Record<string, string> => {
      const env = at(compose, 'services', app, 'environment');
      return Object.fromEntries(
        Object.entries(isMap(env) ? env : {}).map(([name, value]) => [name, String(value).replace(/^\$\{\w+:-(.*)\}$/, '$1')]),
      );
    };

    it.each(WEB_APP_NAMES)('gives the %s web server every variable it reads, only those, at values it accepts', (app) => {
      const environment = environmentOf(app);
      expect(webDeployed.filter((name) => !(name in environment))).toEqual([]);
      expect(Object.keys(environment).filter((name) => !WEB_VARIABLES.includes(name))).toEqual([]);
      expect(parseWebServerEnv(environment)).toMatchObject({ app, port: Number(environment.PORT) });
      expect(defaultMismatches(`compose ${app}`, environment, WEB_SERVER_ENV_DEFAULTS)).toEqual([]);
    });

    it.each(APP_NAMES)('gives %s every variable it reads (secrets through docker/.env), at valid defaults', (app) => {
      const environment = environmentOf(app);
      expect(deployed(app).filter((name) => !(name in environment) && !exampleKeys.includes(name))).toEqual([]);
      expect(Object.keys(environment).filter((name) => !variablesOf(SCHEMAS[app]).includes(name))).toEqual([]);
      expect(defaultMismatches(`compose ${app}`, environment, defaultsOf(SCHEMAS[app]))).toEqual([]);
      expect(() => validateEnv(SCHEMAS[app], { ...environment, ...SECRETS })).not.toThrow();
    });
  });

  it('documents every variable in the configuration table of docs/configuration.md and in .env.example', () => {
    const page = readFileSync(join(REPO_ROOT, 'docs', 'configuration.md'), 'utf8');
    const section = page.slice(page.indexOf('## Configuration'), page.indexOf('\n## ', page.indexOf('## Configuration') + 1));
    const table = [...section.matchAll(/^\| `([A-Z0-9_<>]+)`/gm)].map((m) => m[1]);
    const inTable = (name: string) => table.includes(name) || (name.startsWith('RPC_URL_') && table.includes('RPC_URL_<NETWORK>'));
    expect(allVariables.filter((name) => !inTable(name))).toEqual([]);
    const envExample = readFileSync(join(REPO_ROOT, '.env.example'), 'utf8');
    expect(allVariables.filter((name) => !new RegExp(`^${name}=`, 'm').test(envExample))).toEqual([]);
  });
});
