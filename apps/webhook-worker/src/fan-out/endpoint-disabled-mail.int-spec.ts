import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { createDataSource, sqlExecute, sqlOne } from '@payrail/persistence';
import { metricsRegistry, QUEUES } from '@payrail/platform';
import { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { ulid } from 'ulid';
import { freePort } from '@payrail/devstack';
import type { InProcessApi } from '@payrail/test-support/in-process.js';
import { DASHBOARD, startAuthApi } from '@payrail/test-support/auth-api/auth-api.js';
import { selfSignedCertificate, TestSmtpServer } from '@payrail/test-support/mail/smtp-server.js';
import {
  addEndpoint,
  emit,
  paymentConfirmed,
  seedClientId,
  seedOrchestrator,
  seedPlatform,
} from '@payrail/test-support/webhook-worker/fixtures.js';
import { TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { rowsWhen } from '@payrail/test-support/webhook-worker/rows-when.js';
import { startWorkerInProcess } from '@payrail/test-support/webhook-worker/worker.js';
import { appEnv, createTestDatabase, testStack, uniqueName } from '@payrail/test-support/stack.js';
import { ENDPOINT_DISABLED_MAIL_EVENT } from '../shared/endpoint-disabled-event.js';

const KEYS = `k1:${Buffer.alloc(32, 7).toString('base64')}`;
const ACCOUNT = { user: 'payrail-relay', password: 'smtp relay password 9f2c' };
const mailTime = (at: Date) =>
  at
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');

// Issue #30 item 1: the e-mail to the owner of an endpoint Payrail disabled, end to end: two
// webhook-worker replicas fail an endpoint until it is disabled (WEBHOOK_DISABLE_AFTER_SECONDS=1:
// the retry 1 s after the first failure disables it), the relay queues the mail from the outbox row
// the disable wrote, auth-api's mail worker sends it to a real SMTP server (STARTTLS, AUTH).
describe('the endpoint-disabled e-mail to the owner (real SMTP server, two webhook-worker replicas)', () => {
  let db: DataSource;
  let smtp: TestSmtpServer;
  let receiver: TestReceiver;
  let mailQueue: Queue;
  const workers: INestApplication[] = [];
  const apis: InProcessApi[] = [];

  const addUser = async (platformId: string, role: 'owner' | 'member', email: string | null, verified: boolean) => {
    const id = ulid();
    await sqlExecute(db, 'INSERT INTO users (id, email, email_verified_at) VALUES ($1, $2, CASE WHEN $3 THEN now() END)', [
      id,
      email,
      verified,
    ]);
    await sqlExecute(db, 'INSERT INTO platform_members (platform_id, user_id, role) VALUES ($1, $2, $3)', [platformId, id, role]);
    return id;
  };
  const noticedOutcomes = async () =>
    Object.fromEntries(
      (await metricsRegistry.getSingleMetric('payrail_webhook_disabled_notices_total')!.get()).values.map((v) => [
        String(v.labels.outcome),
        v.value,
      ]),
    ) as Record<string, number>;

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    const prefix = uniqueName('whmail');
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
    const tls = selfSignedCertificate();
    const caFile = join(testStack().dir, `${uniqueName('smtp-ca')}.pem`);
    writeFileSync(caFile, tls.cert);
    smtp = new TestSmtpServer(await freePort(), tls, ACCOUNT);
    await smtp.start();
    const started = await startAuthApi(1, {
      PAYRAIL_ENV: 'staging',
      DATABASE_URL: databaseUrl,
      QUEUE_PREFIX: prefix,
      WEBHOOK_ENCRYPTION_KEYS: KEYS,
      MAIL_TRANSPORT: 'smtp',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_USER: ACCOUNT.user,
      SMTP_PASSWORD: ACCOUNT.password,
      SMTP_CA_FILE: caFile,
      MAIL_FROM: 'Payrail <no-reply@payrail.test>',
    });
    apis.push(...started.apis);
    const env = appEnv(databaseUrl, prefix, {
      LOG_LEVEL: 'silent',
      OUTBOX_POLL_INTERVAL_MS: '20',
      WEBHOOK_DISABLE_AFTER_SECONDS: '1',
      MAIL_TRANSPORT: 'smtp',
    });
    workers.push(await startWorkerInProcess(env), await startWorkerInProcess(env));
    receiver = await TestReceiver.start(() => ({ status: 500, body: 'internal detail: db password hunter2' }));
    mailQueue = new Queue(QUEUES.mail, { connection: { url: testStack().redisUrl }, prefix });
  }, 60000);

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.close()));
    await Promise.all(apis.map((a) => a.close()));
    await mailQueue?.close();
    await receiver?.close();
    await smtp?.stop();
    await db?.destroy();
  });

  it('mails each verified owner once (which endpoint, why, when, how to re-enable; no secret), even relayed again; none where no owner address is known', async () => {
    const before = await noticedOutcomes();
    const platformId = await seedPlatform(db);
    const client = await seedClientId(db, platformId);
    const owner = `owner.${ulid().toLowerCase()}@example.com`;
    await addUser(platformId, 'owner', owner, true);
    const unverified = `unverified.${ulid().toLowerCase()}@example.com`;
    await addUser(platformId, 'owner', unverified, false);
    const member = `member.${ulid().toLowerCase()}@example.com`;
    await addUser(platformId, 'member', member, true);
    const hook = (await addEndpoint(db, { kind: 'client-id', clientIdId: client.id }, receiver.url('/hook?token=s3cret-query'))).id;
    // A platform whose only owner signs in with a wallet, and an orchestrator: no address to mail.
    const walletPlatform = await seedPlatform(db);
    const walletClient = await seedClientId(db, walletPlatform);
    await addUser(walletPlatform, 'owner', null, false);
    const walletHook = (await addEndpoint(db, { kind: 'client-id', clientIdId: walletClient.id }, receiver.url('/wallet'))).id;
    const orchestrator = await seedOrchestrator(db);
    const orchestratorHook = (await addEndpoint(db, { kind: 'orchestrator', orchestratorId: orchestrator.id }, receiver.url('/orch'))).id;
    await emit(db, [
      paymentConfirmed({ platformId }, { clientId: client.clientId }),
      paymentConfirmed({ platformId: walletPlatform }, { clientId: walletClient.clientId }),
      paymentConfirmed({ platformId: walletPlatform }, { orchestratorId: orchestrator.id }),
    ]);

    const mail = await smtp.mailTo(owner);
    const endpoint = (await sqlOne<{ failingSince: Date; disabledAt: Date; disabledReason: string }>(
      db,
      'SELECT failing_since AS "failingSince", disabled_at AS "disabledAt", disabled_reason AS "disabledReason" FROM webhook_endpoints WHERE id = $1',
      [hook],
    ))!;
    expect(endpoint.disabledReason).toBe('failing');
    expect(mail).toMatchObject({ user: ACCOUNT.user, secure: true, envelopeTo: [owner] });
    const shown = receiver.url('/hook');
    expect(mail.parsed.subject).toBe(`Payrail disabled your webhook endpoint ${shown}`);
    const text = mail.parsed.text ?? '';
    for (const line of [
      `Payrail disabled a webhook endpoint of your platform "Webhook test platform" (Client ID ${client.clientId})`,
      `Endpoint: ${shown}\n`,
      `Webhook id: ${hook}\n`,
      `Disabled at: ${mailTime(endpoint.disabledAt)}\n`,
      `- in the dashboard: ${DASHBOARD}/webhooks then "Activate" on this endpoint;`,
      `- or with the API: PUT /v1/webhook/${hook} with your x-client-id and x-api-key headers`,
      `Then redeliver what it missed: POST /v1/webhook/${hook}/recover {"since":"${endpoint.failingSince.toISOString()}"}`,
    ])
      expect(text).toContain(line);
    // The run of failures: from the first attempt to the retry that disabled it (1 s or a little more).
    expect(text).toMatch(
      new RegExp(
        `Why: Every delivery attempt since ${mailTime(endpoint.failingSince)} \\(\\d+ seconds?\\) failed, without one success\\. The last attempt failed with: HTTP 500\\.`,
      ),
    );
    const html = String(mail.parsed.html);
    expect(html).toContain(`<a href="${DASHBOARD}/webhooks">`);
    expect(html).toContain(`<tr><th style="text-align:left;padding:2px 12px 2px 0">Webhook id</th><td>${hook}</td></tr>`);
    expect(html).toContain('The last attempt failed with: HTTP 500.');
    // Neither the URL's query nor what the receiver answered reaches the mail.
    for (const secret of ['s3cret-query', 'hunter2']) expect([mail.parsed.subject, text, html].join('\n')).not.toContain(secret);

    // The relay publishing the mail's outbox row again (a replica killed before its commit) queues nothing new.
    const row = (await sqlOne<{ id: string }>(db, 'SELECT id::text AS id FROM outbox_events WHERE event_type = $1 AND aggregate_id = $2', [
      ENDPOINT_DISABLED_MAIL_EVENT,
      hook,
    ]))!;
    await sqlExecute(db, 'UPDATE outbox_events SET published_at = NULL WHERE id = $1', [row.id]);
    await rowsWhen<{ published: boolean }>(
      db,
      'SELECT published_at IS NOT NULL AS published FROM outbox_events WHERE id = $1',
      [row.id],
      ([r]) => r.published,
    );
    // The endpoints without an address were disabled too, and their mail rows relayed.
    const relayed = await rowsWhen<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM outbox_events o JOIN webhook_endpoints e ON e.id = o.aggregate_id
        WHERE o.event_type = $1 AND o.published_at IS NOT NULL AND NOT e.is_active AND e.id = ANY($2)`,
      [ENDPOINT_DISABLED_MAIL_EVENT, [walletHook, orchestratorHook]],
      ([r]) => r.n === 2,
    );
    expect(relayed).toEqual([{ n: 2 }]);
    expect(await mailQueue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed')).toEqual({
      waiting: 0,
      active: 0,
      delayed: 0,
      prioritized: 0,
      completed: 1,
      failed: 0,
    });
    expect(smtp.delivered.map((m) => m.envelopeTo)).toEqual([[owner]]);
    const after = await noticedOutcomes();
    expect((after.no_address ?? 0) - (before.no_address ?? 0)).toBe(2);
    expect(after.mail_off ?? 0).toBe(before.mail_off ?? 0);
  }, 60000);
});
