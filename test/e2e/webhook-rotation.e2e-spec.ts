import { verifyStandardWebhook, verifyWebhook } from '@payrail/domain';
import { createDataSource, sqlExecute, sqlRows } from '@payrail/persistence';
import { Webhook } from 'standardwebhooks';
import type { DataSource } from 'typeorm';
import type { AppHandle } from '@payrail/devstack';
import { emit, paymentConfirmed, seedOrchestrator, seedTenant } from '@payrail/test-support/webhook-worker/fixtures.js';
import { type ReceivedWebhook, TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { appEnv, createTestDatabase, startTestApp, uniqueName } from '@payrail/test-support/stack.js';

// Standard Webhooks headers and secret rotation, end to end: the built auth-api, payments-api and
// webhook-worker as processes; deliveries checked as a receiver would, with the published
// `standardwebhooks` package (and the interface's x-service-signature with verifyWebhook).

const OVERLAP_SECONDS = 3600; // not the default, to show the setting reaches the rotation
const REPLAY_TOLERANCE_SECONDS = 2; // the replaying receiver's tolerance, short so the test can outwait it

interface Rotated {
  webhook: { id: string; url: string; isActive: boolean };
  secret: string;
  previousSecretExpiresAt: string | null;
}

const headersOf = (r: ReceivedWebhook): Record<string, string> =>
  Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, String(v)]));
/** Whether a receiver holding `secret` accepts the delivery's Standard Webhooks headers (the published package). */
const standardVerifies = (r: ReceivedWebhook, secret: string): boolean => {
  try {
    new Webhook(secret).verify(r.body, headersOf(r));
    return true;
  } catch {
    return false;
  }
};
const interfaceVerifies = (r: ReceivedWebhook, secret: string) => verifyWebhook(r.body, headersOf(r)['x-service-signature'], secret);

describe('webhook secret rotation and Standard Webhooks headers (built apps, real processes)', () => {
  const apps: AppHandle[] = [];
  let db: DataSource;
  let receiver: TestReceiver;
  let platformId: string;
  let mine: { platformId: string; id: string; clientId: string; apiKey: string };
  let theirs: { id: string; clientId: string; apiKey: string };
  let orchestrator: { id: string; key: string };

  /** As the Client ID's platform (its API key beside x-client-id); the Client ID alone when asked. */
  const platformCall = (tenant: { clientId: string; apiKey: string }, method: string, path: string, body?: object, alone = false) =>
    fetch(`${apps[0].url}/v1/webhook${path}`, {
      method,
      headers: { 'x-client-id': tenant.clientId, ...(alone ? {} : { 'x-api-key': tenant.apiKey }), 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
  const orchestratorCall = (key: string | null, method: string, path: string, body?: object) =>
    fetch(`${apps[1].url}/v2/orchestrators/webhooks${path}`, {
      method,
      headers: { ...(key ? { 'x-orchestrator-key': key } : {}), 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
  /** Fires a test delivery for the Client ID and answers the one request it produced at `path`. */
  const platformTestDelivery = async (tenant: { clientId: string; apiKey: string }, path: string): Promise<ReceivedWebhook> => {
    const before = receiver.received.filter((r) => r.path === path).length;
    const fired = await platformCall(tenant, 'POST', '/test', { eventType: 'payment.confirmed' });
    expect(await fired.json()).toMatchObject({ failed: 0 });
    return receiver.waitUntil((r) => r.path === path, before + 1);
  };

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
    const env = appEnv(databaseUrl, uniqueName('whr'), {
      WEBHOOK_SECRET_OVERLAP_SECONDS: String(OVERLAP_SECONDS),
      OUTBOX_POLL_INTERVAL_MS: '20',
      RATE_LIMIT_MULTIPLIER: '100',
    });
    apps.push(...(await Promise.all((['auth-api', 'payments-api', 'webhook-worker'] as const).map((name) => startTestApp(name, env)))));
    receiver = await TestReceiver.start();
    mine = await seedTenant(db);
    platformId = mine.platformId;
    theirs = await seedTenant(db);
    orchestrator = await seedOrchestrator(db);
  }, 120000);

  afterAll(async () => {
    await Promise.all(apps.map((a) => a.stop()));
    await receiver.close();
    await db.destroy();
  });

  it('rotates a platform secret in place: during the overlap the old secret verifies webhook-signature, the new one both headers', async () => {
    const created = (await (await platformCall(mine, 'POST', '', { url: receiver.url('/platform') })).json()) as {
      id: string;
      secret: string;
    };
    const before = await platformTestDelivery(mine, '/platform');
    expect(headersOf(before)).toMatchObject({ 'webhook-id': headersOf(before)['x-service-delivery'], 'x-service-test': 'true' });
    expect(Math.abs(Number(headersOf(before)['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect([standardVerifies(before, created.secret), interfaceVerifies(before, created.secret)]).toEqual([true, true]);

    const res = await platformCall(mine, 'POST', `/${created.id}/rotate-secret`);
    const rotated = (await res.json()) as Rotated;
    expect(res.status).toBe(200);
    expect(rotated.webhook).toMatchObject({ id: created.id, url: receiver.url('/platform'), isActive: true });
    expect(rotated.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(rotated.secret).not.toBe(created.secret);
    const expiresIn = (Date.parse(rotated.previousSecretExpiresAt!) - Date.now()) / 1000;
    expect(expiresIn).toBeGreaterThan(OVERLAP_SECONDS - 60);
    expect(expiresIn).toBeLessThanOrEqual(OVERLAP_SECONDS);

    // An event delivery (outbox -> worker) and a test delivery, both during the overlap.
    await emit(db, [paymentConfirmed({ platformId }, { clientId: mine.clientId })]);
    const event = await receiver.waitUntil((r) => r.path === '/platform' && !r.headers['x-service-test']);
    const test = await platformTestDelivery(mine, '/platform');
    for (const during of [event, test]) {
      expect(headersOf(during)['webhook-signature'].split(' ')).toHaveLength(2);
      expect(standardVerifies(during, created.secret)).toBe(true);
      expect(standardVerifies(during, rotated.secret)).toBe(true);
      // x-service-signature (one value by the interface) is the new secret's from the rotation on.
      expect([interfaceVerifies(during, rotated.secret), interfaceVerifies(during, created.secret)]).toEqual([true, false]);
    }
    const [row] = await sqlRows<{ previous: string; current: string }>(
      db,
      'SELECT previous_secret_encrypted AS previous, secret_encrypted AS current FROM webhook_endpoints WHERE id = $1',
      [created.id],
    );
    for (const secret of [created.secret, rotated.secret]) expect(`${row.previous} ${row.current}`).not.toContain(secret.slice(6, 30));

    // The overlap ends (moved into the past here instead of waiting an hour): only the new secret signs.
    await sqlExecute(db, "UPDATE webhook_endpoints SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1", [
      created.id,
    ]);
    const after = await platformTestDelivery(mine, '/platform');
    expect(headersOf(after)['webhook-signature'].split(' ')).toHaveLength(1);
    expect([standardVerifies(after, created.secret), interfaceVerifies(after, created.secret)]).toEqual([false, false]);
    expect([standardVerifies(after, rotated.secret), interfaceVerifies(after, rotated.secret)]).toEqual([true, true]);
  });

  it("refuses the rotate route to the Client ID alone (401), with another platform's key (403) and for another Client ID's endpoint (404), secret unchanged", async () => {
    const created = (await (await platformCall(mine, 'POST', '', { url: receiver.url('/guarded') })).json()) as {
      id: string;
      secret: string;
    };
    const stored = async () =>
      (await sqlRows<{ s: string }>(db, 'SELECT secret_encrypted AS s FROM webhook_endpoints WHERE id = $1', [created.id]))[0].s;
    const original = await stored();
    const alone = await platformCall(mine, 'POST', `/${created.id}/rotate-secret`, undefined, true);
    expect([alone.status, ((await alone.json()) as { error: string }).error]).toEqual([401, 'Unauthorized']);
    const borrowed = await platformCall({ clientId: mine.clientId, apiKey: theirs.apiKey }, 'POST', `/${created.id}/rotate-secret`);
    expect([borrowed.status, ((await borrowed.json()) as { error: string }).error]).toEqual([403, 'Forbidden']);
    const foreign = await platformCall(theirs, 'POST', `/${created.id}/rotate-secret`);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ statusCode: 404, message: 'Webhook not found', error: 'Not Found' });
    expect(await stored()).toBe(original);
    expect(interfaceVerifies(await platformTestDelivery(mine, '/guarded'), created.secret)).toBe(true);
  });

  it('rotates an orchestrator secret on payments-api (both sign during the overlap), with 401 and 404 for others', async () => {
    const created = (await (await orchestratorCall(orchestrator.key, 'POST', '', { url: receiver.url('/orchestrator') })).json()) as {
      webhook: { id: string };
      secret: string;
    };
    const other = await seedOrchestrator(db);
    expect((await orchestratorCall(null, 'POST', `/${created.webhook.id}/rotate-secret`)).status).toBe(401);
    expect((await orchestratorCall(other.key, 'POST', `/${created.webhook.id}/rotate-secret`)).status).toBe(404);
    const res = await orchestratorCall(orchestrator.key, 'POST', `/${created.webhook.id}/rotate-secret`);
    const rotated = (await res.json()) as Rotated;
    expect([res.status, rotated.webhook.id]).toEqual([200, created.webhook.id]);
    expect(await (await orchestratorCall(orchestrator.key, 'POST', '/test', { eventType: 'client_id.linked' })).json()).toEqual({
      sent: 1,
      failed: 0,
    });
    const delivery = await receiver.waitUntil((r) => r.path === '/orchestrator');
    expect([standardVerifies(delivery, created.secret), standardVerifies(delivery, rotated.secret)]).toEqual([true, true]);
    expect([interfaceVerifies(delivery, rotated.secret), interfaceVerifies(delivery, created.secret)]).toEqual([true, false]);
  });

  it('a receiver using verifyStandardWebhook accepts a fresh delivery and refuses the same request replayed after its tolerance', async () => {
    let secret = '';
    const answers: number[] = [];
    const verifying = await TestReceiver.start((r) => {
      const ok = verifyStandardWebhook(r.body, r.headers, secret, { toleranceSeconds: REPLAY_TOLERANCE_SECONDS }).ok;
      answers.push(ok ? 200 : 401);
      return { status: ok ? 200 : 401 };
    });
    try {
      const created = (await (await platformCall(mine, 'POST', '', { url: verifying.url('/verifying') })).json()) as {
        secret: string;
      };
      secret = created.secret;
      await emit(db, [paymentConfirmed({ platformId }, { clientId: mine.clientId })]);
      const [original] = await verifying.waitFor(1);
      expect(answers).toEqual([200]);
      const replayed = Object.entries(headersOf(original)).filter(([name]) => /^(webhook-|x-service-|content-type$)/.test(name));
      const replay = () =>
        fetch(verifying.url('/verifying'), { method: 'POST', headers: Object.fromEntries(replayed), body: original.body });
      const sentAt = Number(original.headers['webhook-timestamp']) * 1000;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, sentAt + (REPLAY_TOLERANCE_SECONDS + 1.5) * 1000 - Date.now())));
      expect((await replay()).status).toBe(401);
      expect(answers).toEqual([200, 401]);
      // With the default tolerance (5 minutes) too, judged at the time a late replay would arrive.
      expect(verifyStandardWebhook(original.body, original.headers, secret, { now: sentAt + 301_000 })).toEqual({
        ok: false,
        reason: 'timestamp-out-of-tolerance',
      });
    } finally {
      await verifying.close();
    }
  });
});
