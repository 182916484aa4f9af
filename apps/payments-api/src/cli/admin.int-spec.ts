import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { createDataSource, sqlExecute, sqlOne } from '@payrail/persistence';
import { FieldCipher, parseCipherKeys } from '@payrail/platform';
import { parseEncryptionKeys, WebhookSecretCipher } from '@payrail/webhooks';
import { repoRoot } from '@payrail/devstack';
import { createTestDatabase, testStack, uniqueName } from '@payrail/test-support/stack.js';

const exec = promisify(execFile);

// The operator CLI as operators run it (built, its own process), against a real database.
describe('admin CLI', () => {
  let env: Record<string, string>;

  beforeAll(async () => {
    env = {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: await createTestDatabase(),
      REDIS_URL: testStack().redisUrl,
      QUEUE_PREFIX: uniqueName('cli'),
    };
  });

  async function admin(...args: string[]): Promise<{ code: number; json: Record<string, unknown> }> {
    return adminWith({}, ...args);
  }

  async function adminWith(extraEnv: Record<string, string>, ...args: string[]): Promise<{ code: number; json: Record<string, unknown> }> {
    const cli = join(repoRoot(), 'dist', 'apps', 'payments-api', 'src', 'cli', 'admin.js');
    try {
      const { stdout } = await exec(process.execPath, [cli, ...args, '--json'], { env: { ...env, ...extraEnv } });
      return { code: 0, json: JSON.parse(stdout) as Record<string, unknown> };
    } catch (error) {
      const e = error as { code: number; stdout: string };
      return { code: e.code, json: JSON.parse(e.stdout || '{}') as Record<string, unknown> };
    }
  }

  it('creates a platform, Client IDs, an API key and an orchestrator, each answering one JSON object', async () => {
    const platform = await admin('platform', 'create', '--name', 'Acme');
    expect(platform.code).toBe(0);
    expect(platform.json).toMatchObject({ id: expect.stringMatching(/^[0-9A-Z]{26}$/), name: 'Acme' });
    const platformId = platform.json.id as string;

    const browser = await admin(
      'client-id',
      'create',
      '--platform',
      platformId,
      '--origin',
      'https://Shop.Example.com',
      '--origin',
      'http://localhost:5173',
      '--tier',
      'premium',
    );
    expect(browser.json).toMatchObject({
      clientId: expect.stringMatching(/^cli_/),
      allowedDomains: ['https://shop.example.com', 'http://localhost:5173'],
      rateTier: 'premium',
      status: 'active',
      platformId,
    });

    const key = await admin('api-key', 'create', '--platform', platformId);
    expect(key.json).toMatchObject({ apiKey: expect.stringMatching(/^prk_[A-Za-z0-9_-]{43}$/), platformId });
    expect(key.json.prefix).toBe((key.json.apiKey as string).slice(0, 12));

    const revoked = await admin('api-key', 'revoke', '--key-prefix', key.json.prefix as string);
    expect(revoked.json).toMatchObject({ prefix: key.json.prefix, revokedAt: expect.any(String) });

    const orchestrator = await admin('orchestrator', 'create', '--name', 'Orch');
    expect(orchestrator.json).toMatchObject({ orchestratorKey: expect.stringMatching(/^pok_/) });
    const link = await admin(
      'orchestrator',
      'link',
      '--orchestrator',
      orchestrator.json.id as string,
      '--client-id',
      browser.json.clientId as string,
    );
    expect(link.json).toEqual({ orchestratorId: orchestrator.json.id, clientId: browser.json.clientId, linked: true });
    const unlink = await admin(
      'orchestrator',
      'unlink',
      '--orchestrator',
      orchestrator.json.id as string,
      '--client-id',
      browser.json.clientId as string,
    );
    expect(unlink.json).toMatchObject({ linked: false });
  }, 60000);

  it('updates a Client ID and never reactivates a revoked one', async () => {
    const platformId = (await admin('platform', 'create', '--name', 'Beta')).json.id as string;
    const clientId = (await admin('client-id', 'create', '--platform', platformId)).json.clientId as string;
    expect((await admin('client-id', 'update', '--client-id', clientId, '--status', 'restricted', '--tier', 'basic')).json).toMatchObject({
      status: 'restricted',
      rateTier: 'basic',
    });
    expect((await admin('client-id', 'update', '--client-id', clientId, '--status', 'revoked')).json).toMatchObject({ status: 'revoked' });
    const again = await admin('client-id', 'update', '--client-id', clientId, '--status', 'active');
    expect(again.code).toBe(1);
    expect(again.json).toMatchObject({ error: { code: 'VALIDATION_FAILED', message: 'Cannot reactivate a revoked Client ID' } });
  }, 60000);

  it('answers bad input with a coded error and a non-zero exit', async () => {
    const missing = await admin('client-id', 'create', '--platform', '01NOPE00000000000000000000');
    expect(missing).toEqual({ code: 1, json: { error: { code: 'NOT_FOUND', message: 'Platform 01NOPE00000000000000000000 not found' } } });
    const platformId = (await admin('platform', 'create', '--name', 'Gamma')).json.id as string;
    const badOrigin = await admin('client-id', 'create', '--platform', platformId, '--origin', 'http://shop.example.com/path');
    expect(badOrigin.code).toBe(1);
    expect(badOrigin.json).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: [{ field: 'allowedDomains.0' }] } });
    const badTier = await admin('client-id', 'create', '--platform', platformId, '--tier', 'gold');
    expect(badTier.json).toMatchObject({ error: { code: 'VALIDATION_FAILED', message: expect.stringContaining('rateTier') } });
  }, 60000);

  it('re-encrypts webhook secrets and payer identities under the new first key after a rotation, once', async () => {
    const key = () => randomBytes(32).toString('base64');
    const [oldKey, newKey] = [`old:${key()}`, `new:${key()}`];
    const rotated = { WEBHOOK_ENCRYPTION_KEYS: `${newKey},${oldKey}`, PII_ENCRYPTION_KEYS: `${newKey},${oldKey}` };
    const platformId = (await admin('platform', 'create', '--name', 'Rotating')).json.id as string;
    const orchestratorId = (await admin('orchestrator', 'create', '--name', 'Rotating orchestrator')).json.id as string;
    const [endpointId, payerId] = [uniqueName('wh'), randomUUID()];
    const db = createDataSource(env.DATABASE_URL, 1);
    await db.initialize();
    try {
      const webhookOld = new WebhookSecretCipher(parseEncryptionKeys(oldKey));
      const piiOld = new FieldCipher(parseCipherKeys(oldKey, 'payer-identity'), 'payer-identity');
      await sqlExecute(
        db,
        `INSERT INTO webhook_endpoints (id, owner_type, orchestrator_id, url, secret_encrypted, previous_secret_encrypted, previous_secret_expires_at)
         VALUES ($1, 'orchestrator', $2, 'https://hooks.example/a', $3, $4, now() + interval '1 day')`,
        [
          endpointId,
          orchestratorId,
          webhookOld.encrypt('whsec_rotate_me', endpointId),
          webhookOld.encrypt('whsec_rotated_out', endpointId),
        ],
      );
      await sqlExecute(
        db,
        `INSERT INTO payers (id, platform_id, client_user_id, identity_encrypted, provider, kyc_session, agreement_session)
         VALUES ($1, $2, 'user-1', $3, 'sandbox', $4, $5)`,
        [payerId, platformId, piiOld.encrypt('{"email":"a@example.com"}', payerId), uniqueName('kyc'), uniqueName('agr')],
      );

      const first = await adminWith(rotated, 'secrets', 'reencrypt');
      expect(first).toEqual({
        code: 0,
        json: { webhookSecrets: 1, previousWebhookSecrets: 1, payerIdentities: 1, requestCustomerInfo: 0, paymentDetails: 0 },
      });
      const newOnly = {
        webhook: new WebhookSecretCipher(parseEncryptionKeys(newKey)),
        pii: new FieldCipher(parseCipherKeys(newKey, 'payer-identity'), 'payer-identity'),
      };
      const endpoint = (await sqlOne<{ s: string; p: string }>(
        db,
        'SELECT secret_encrypted AS s, previous_secret_encrypted AS p FROM webhook_endpoints WHERE id = $1',
        [endpointId],
      ))!;
      expect(endpoint.s).toMatch(/^v1:new:/);
      expect(newOnly.webhook.decrypt(endpoint.s, endpointId)).toBe('whsec_rotate_me');
      expect(newOnly.webhook.decrypt(endpoint.p, endpointId)).toBe('whsec_rotated_out');
      const payer = (await sqlOne<{ s: string }>(db, 'SELECT identity_encrypted AS s FROM payers WHERE id = $1', [payerId]))!;
      expect(newOnly.pii.decrypt(payer.s, payerId)).toBe('{"email":"a@example.com"}');

      expect((await adminWith(rotated, 'secrets', 'reencrypt')).json).toEqual({
        webhookSecrets: 0,
        previousWebhookSecrets: 0,
        payerIdentities: 0,
        requestCustomerInfo: 0,
        paymentDetails: 0,
      });
    } finally {
      await db.destroy();
    }
  });

  // The previous test left values under "new"; a key list without it cannot read them.
  it('refuses to re-encrypt without the old key (a value it cannot decrypt is an error, not skipped)', async () => {
    const result = await adminWith({ WEBHOOK_ENCRYPTION_KEYS: `other:${randomBytes(32).toString('base64')}` }, 'secrets', 'reencrypt');
    expect(result.code).toBe(1);
    expect(JSON.stringify(result.json)).toMatch(/unknown key/);
  });
});
