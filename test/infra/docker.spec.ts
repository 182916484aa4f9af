// Static checks of docker/Dockerfile and docker/compose.yml, plus the entrypoint and
// health-check scripts run for real (no Docker daemon needed).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { copies, readStages, runs, stageChain } from './dockerfile.js';
import { APPS, APP_NAMES, CHAIN_ENV, COMMON_ENV, WEB_APPS, WEB_APP_NAMES } from './k8s-checks.js';
import { type Json, at, isMap } from './manifests.js';
import { REPO_ROOT } from './render.js';

const DOCKER_DIR = join(REPO_ROOT, 'docker');
const dockerfile = readFileSync(join(DOCKER_DIR, 'Dockerfile'), 'utf8');
const stages = readStages(dockerfile);
const runtime = stages[stages.length - 1];
// Secrets the apps read that must never appear as literal values in compose.yml.
// The optional ones (provider credentials) are empty in the example: the apps run without them.
const OPTIONAL_SECRETS = ['SMTP_URL', 'SMTP_PASSWORD', 'TRON_API_KEY', 'EXPORT_S3_ACCESS_KEY_ID', 'EXPORT_S3_SECRET_ACCESS_KEY'];
const LITERAL_FORBIDDEN = ['WEBHOOK_ENCRYPTION_KEYS', 'RELAYER_PRIVATE_KEY', 'PII_ENCRYPTION_KEYS', ...OPTIONAL_SECRETS];

describe('docker/Dockerfile', () => {
  it('builds in separate stages: npm ci, npm run build with the type check, then a Node 24 runtime', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    expect(stages.some((s) => runs(s).some((r) => /\bnpm ci\b/.test(r) && !r.includes('--omit=dev')))).toBe(true);
    // The build compiles with swc, which checks no types: the stage that builds also type-checks.
    expect(stages.some((s) => runs(s).some((r) => /\bnpm run build\b/.test(r) && /\bnpm run typecheck\b/.test(r)))).toBe(true);
    expect(runtime.image).toMatch(/^node:24[.-]/);
    expect(runs(runtime).some((r) => /\bnpm run build\b/.test(r))).toBe(false);
  });

  it('runs the final stage as a numeric non-root USER', () => {
    const users = runtime.instructions.filter((i) => i.keyword === 'USER').map((i) => i.args);
    expect(users.length).toBeGreaterThan(0);
    const [uid, gid] = users[users.length - 1].split(':');
    expect(uid).toMatch(/^\d+$/);
    expect(Number(uid)).toBeGreaterThan(0);
    if (gid !== undefined) expect(Number(gid)).toBeGreaterThan(0);
  });

  it('ships only production dependencies (npm ci --omit=dev) in the runtime', () => {
    const installsProdOnly = (name: string | undefined): boolean =>
      stageChain(stages, name).some((s) => runs(s).some((r) => /\bnpm ci\b.*--omit=dev/.test(r)));
    const moduleCopies = copies(runtime).filter((c) => c.sources.some((s) => s.includes('node_modules')));
    const inRuntime = runs(runtime).some((r) => /\bnpm ci\b.*--omit=dev/.test(r));
    expect(inRuntime || moduleCopies.length > 0).toBe(true);
    expect(moduleCopies.filter((c) => !installsProdOnly(c.from))).toEqual([]);
  });

  it('never copies a .env file or the whole build context into the runtime', () => {
    const all = stages.flatMap(copies);
    expect(all.filter((c) => c.sources.some((s) => /(^|\/)\.env/.test(s)))).toEqual([]);
    expect(copies(runtime).filter((c) => c.from === undefined && c.sources.includes('.'))).toEqual([]);
  });

  it('starts through docker/entrypoint.sh, which the runtime contains', () => {
    const entrypoint = runtime.instructions.find((i) => i.keyword === 'ENTRYPOINT');
    expect(entrypoint?.args).toContain('docker/entrypoint.sh');
    expect(copies(runtime).some((c) => c.sources.includes('docker/entrypoint.sh'))).toBe(true);
  });

  it('has a `web` target for the browser apps: their build and static server, production dependencies, non-root', () => {
    const web = stages.find((s) => s.name === 'web');
    expect(web?.image).toMatch(/^node:24[.-]|^\$\{NODE_IMAGE\}$/);
    const sources = copies(web!).map((c) => [c.from, c.sources.join(' ')]);
    expect(sources).toEqual(
      expect.arrayContaining([
        ['build', '/app/dist/web'],
        ['build', '/app/dist/apps/web-server'],
        ['prod-deps', '/app/node_modules'],
        [undefined, 'docker/healthcheck.mjs'],
      ]),
    );
    // Only the web server and the built apps: no API code, no tools, never the whole dist/.
    expect(copies(web!).filter((c) => c.from === 'build' && !/dist\/(web|apps\/web-server)$/.test(c.sources[0]))).toEqual([]);
    expect(web!.instructions.find((i) => i.keyword === 'USER')?.args).toMatch(/^[1-9]\d*:[1-9]\d*$/);
    expect(web!.instructions.find((i) => i.keyword === 'ENTRYPOINT')?.args).toContain('dist/apps/web-server/src/main.js');
    expect(stages.at(-1)?.name).toBe('runtime'); // `docker build` without --target still builds the API image
  });

  it('has a .dockerignore that keeps secrets, git and local outputs out of the context', () => {
    const lines = readFileSync(join(DOCKER_DIR, '..', '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    expect(lines).toEqual(expect.arrayContaining(['**/.env', '.git', 'node_modules', 'dist']));
  });
});

describe('docker/entrypoint.sh', () => {
  let root: string;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'payrail-entrypoint-'));
    mkdirSync(join(root, 'docker'));
    cpSync(join(DOCKER_DIR, 'entrypoint.sh'), join(root, 'docker', 'entrypoint.sh'));
    const echoMain = 'console.log(JSON.stringify(process.argv.slice(1)));\n';
    for (const main of [...APP_NAMES.map((app) => `dist/apps/${app}/src/main.js`), 'dist/libs/persistence/src/cli/migrate.js']) {
      mkdirSync(join(root, main, '..'), { recursive: true });
      writeFileSync(join(root, main), echoMain);
    }
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const start = (args: string[], env: Record<string, string> = {}) =>
    spawnSync('sh', [join(root, 'docker', 'entrypoint.sh'), ...args], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', ...env },
    });

  it.each(APP_NAMES)('starts dist/apps/%s/src/main.js and passes the remaining arguments', (app) => {
    const run = start([app, '--flag']);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([join(root, 'dist', 'apps', app, 'src', 'main.js'), '--flag']);
  });

  it('runs the migration CLI for "migrate" and takes the app from $APP when no argument is given', () => {
    expect(JSON.parse(start(['migrate']).stdout)).toEqual([join(root, 'dist/libs/persistence/src/cli/migrate.js')]);
    expect(JSON.parse(start([], { APP: 'chain-worker' }).stdout)).toEqual([join(root, 'dist/apps/chain-worker/src/main.js')]);
  });

  it.each(['nope', '../../etc/passwd', ''])('rejects the unknown app name "%s" with exit code 64', (name) => {
    const run = start(name === '' ? [] : [name]);
    expect(run.status).toBe(64);
    expect(run.stderr).toContain('unknown app');
  });
});

describe('docker/healthcheck.mjs', () => {
  let server: Server;
  let port = 0;

  beforeAll(async () => {
    server = createServer((req, res) => res.writeHead(req.url === '/health/ready' ? 200 : 503).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const check = (path: string, env: Record<string, string>) =>
    new Promise<number | null>((resolve) => {
      // Asynchronous spawn: the server answering it runs on this same event loop.
      spawn(process.execPath, [join(DOCKER_DIR, 'healthcheck.mjs'), path], { env, stdio: 'ignore' }).on('exit', resolve);
    });

  it('exits 0 on a 2xx, 1 on a 503 and 1 without PORT', async () => {
    expect(await check('/health/ready', { PORT: String(port) })).toBe(0);
    expect(await check('/health/live', { PORT: String(port) })).toBe(1);
    expect(await check('/health/ready', {})).toBe(1);
  });
});

describe('docker/compose.yml', () => {
  const compose = parse(readFileSync(join(DOCKER_DIR, 'compose.yml'), 'utf8'), { merge: true }) as Json;
  const service = (name: string): Json | undefined => at(compose, 'services', name);

  it('defines postgres 18, redis 7, a migrate job, the four apps and the two browser apps', () => {
    const services = at(compose, 'services');
    expect(Object.keys(isMap(services) ? services : {}).sort()).toEqual(
      ['migrate', 'postgres', 'redis', ...APP_NAMES, ...WEB_APP_NAMES].sort(),
    );
    expect(String(at(service('postgres'), 'image'))).toMatch(/^postgres:18\b/);
    expect(String(at(service('redis'), 'image'))).toMatch(/^redis:7\b/);
    expect(at(service('migrate'), 'command')).toEqual(['migrate']);
    expect(at(service('migrate'), 'depends_on', 'postgres', 'condition')).toBe('service_healthy');
  });

  it.each(APP_NAMES)('starts %s after the migration completed, with its env and port and a /health/ready check', (app) => {
    expect(at(service(app), 'command')).toEqual([app]);
    expect(at(service(app), 'depends_on', 'migrate', 'condition')).toBe('service_completed_successfully');
    expect(at(service(app), 'environment', 'PORT')).toBe(String(APPS[app]));
    expect(JSON.stringify(at(service(app), 'healthcheck', 'test'))).toContain('/health/ready');
    const environment = at(service(app), 'environment');
    const chainKeys = app === 'payments-api' || app === 'chain-worker' ? CHAIN_ENV : [];
    expect(Object.keys(isMap(environment) ? environment : {})).toEqual(expect.arrayContaining([...COMMON_ENV, ...chainKeys]));
    expect(at(service(app), 'read_only')).toBe(true);
    expect(at(service(app), 'cap_drop')).toEqual(['ALL']);
  });

  it.each(WEB_APP_NAMES)('runs %s from the `web` target, hardened, without secrets or a data store, with a /health/ready check', (app) => {
    expect(at(service(app), 'build', 'target')).toBe('web');
    expect(String(at(service(app), 'image'))).toMatch(/payrail-web/);
    expect(at(service(app), 'command')).toBeUndefined();
    expect(at(service(app), 'environment', 'WEB_APP')).toBe(app);
    expect(at(service(app), 'environment', 'PORT')).toBe(String(WEB_APPS[app]));
    expect(JSON.stringify(at(service(app), 'healthcheck', 'test'))).toContain('/health/ready');
    expect(at(service(app), 'read_only')).toBe(true);
    expect(at(service(app), 'cap_drop')).toEqual(['ALL']);
    expect(at(service(app), 'env_file')).toBeUndefined();
    const environment = at(service(app), 'environment');
    const keys = Object.keys(isMap(environment) ? environment : {});
    expect(keys.filter((k) => [...COMMON_ENV, ...CHAIN_ENV, ...LITERAL_FORBIDDEN].includes(k) && k !== 'PORT')).toEqual([]);
  });

  it("serves the payment page at SECURE_PAYMENT_PAGE_URL's origin and the dashboard at DASHBOARD_ORIGINS, proxying to the APIs", () => {
    const fallback = (name: string, key: string) => String(at(service(name), 'environment', key)).replace(/^\$\{\w+:-(.*)\}$/, '$1');
    const published = (name: string) => `http://localhost:${String(at(service(name), 'ports', 0)).split(':')[1]}`;
    expect(new URL(fallback('payments-api', 'SECURE_PAYMENT_PAGE_URL')).origin).toBe(published('payment-page'));
    expect(fallback('payments-api', 'DASHBOARD_ORIGINS')).toBe(published('dashboard'));
    expect(fallback('auth-api', 'SIWE_URI')).toBe(published('dashboard'));
    expect(fallback('payment-page', 'PUBLIC_PAYMENTS_API_URL')).toBe(`http://localhost:${APPS['payments-api']}`);
    expect([fallback('dashboard', 'PAYMENTS_API_UPSTREAM'), fallback('dashboard', 'AUTH_API_UPSTREAM')]).toEqual([
      `http://payments-api:${APPS['payments-api']}`,
      `http://auth-api:${APPS['auth-api']}`,
    ]);
  });

  it('health-checks postgres and redis', () => {
    expect(at(service('postgres'), 'healthcheck', 'test')).toBeDefined();
    expect(at(service('redis'), 'healthcheck', 'test')).toBeDefined();
  });

  it('takes secrets only from the gitignored docker/.env, whose example holds placeholders', () => {
    for (const name of ['migrate', ...APP_NAMES]) {
      const environment = at(service(name), 'environment');
      expect(LITERAL_FORBIDDEN.filter((key) => isMap(environment) && key in environment)).toEqual([]);
      expect(at(service(name), 'env_file', 0, 'path')).toBe('.env');
    }
    expect(spawnSync('git', ['check-ignore', '-q', 'docker/.env'], { cwd: REPO_ROOT }).status).toBe(0);
    const example = readFileSync(join(DOCKER_DIR, 'env.example'), 'utf8')
      .split('\n')
      .filter((l) => /^\w+=/.test(l));
    expect(example.map((l) => l.split('=')[0]).sort()).toEqual([...LITERAL_FORBIDDEN].sort());
    expect(example.filter((l) => !l.endsWith('=CHANGE_ME') && !OPTIONAL_SECRETS.some((key) => l === `${key}=`))).toEqual([]);
  });
});
