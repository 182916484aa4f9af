import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@payrail/devstack';
import { createDataSource, ExportSchedulesRepository, sqlExecute, sqlRows } from '@payrail/persistence';
import { validateEnv } from '@payrail/platform';
import type { DataSource } from 'typeorm';
import { parseCsv } from '@payrail/test-support/dashboard/csv-parse.js';
import { insertRequestRow, insertTransferRow } from '@payrail/test-support/dashboard/request-rows.js';
import { selfSignedCertificate, TestSmtpServer } from '@payrail/test-support/mail/smtp-server.js';
import { startS3Server, S3RVER_CREDENTIALS } from '@payrail/test-support/s3/s3-server.js';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { ChainWorkerEnv } from '../config/chain-worker.env.js';
import { ScheduledExportsService } from './scheduled-exports.service.js';

const BUCKET = 'payrail-exports';
const NOW = Date.parse('2026-11-28T08:00:00Z'); // the clock of the exports leader

// Scheduled exports against a real S3-compatible server (s3rver) and real Postgres, one leader
// pass at a time with a fixed clock: yesterday's payments (daily) and last month's (monthly).
describe('scheduled payments exports to an S3-compatible bucket', () => {
  let db: DataSource;
  let databaseUrl: string;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let client: S3Client;
  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    db = createDataSource(databaseUrl, 4);
    await db.initialize();
    s3 = await startS3Server([BUCKET]);
    client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
  }, 60000);
  afterAll(async () => {
    client?.destroy();
    await s3?.stop();
    await db?.destroy();
  });

  const service = (env: Record<string, string> = {}) =>
    new ScheduledExportsService(
      db,
      validateEnv(ChainWorkerEnv, {
        ...appEnv(databaseUrl, uniqueName('exports'), {}),
        EXPORT_S3_BUCKET: BUCKET,
        EXPORT_S3_ENDPOINT: s3.endpoint,
        EXPORT_S3_FORCE_PATH_STYLE: 'true',
        EXPORT_S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
        EXPORT_S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
        EXPORTS_MAX_ATTEMPTS: '2',
        ...env,
      }),
      { now: () => NOW },
    );
  const object = async (key: string) => (await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))).Body!.transformToString();
  const deliveries = (scheduleId: string) =>
    sqlRows<{
      period_from: Date;
      status: string;
      attempts: number;
      row_count: number | null;
      location: string | null;
      last_error: string | null;
    }>(
      db,
      'SELECT period_from, status, attempts, row_count, location, last_error FROM export_deliveries WHERE schedule_id = $1 ORDER BY period_from',
      [scheduleId],
    );

  async function platformWithPayments(name: string) {
    const platformId = `01PLATFORM${name.toUpperCase().padEnd(16, '0')}`.slice(0, 26);
    await sqlExecute(db, 'INSERT INTO platforms (id, name) VALUES ($1, $2)', [platformId, name]);
    const at = (iso: string, n: number) => ({ when: new Date(iso), n });
    const payments = [
      at('2026-10-15T12:00:00Z', 1),
      at('2026-11-27T09:30:00Z', 2),
      at('2026-11-27T23:59:59Z', 3),
      at('2026-11-28T00:00:00Z', 4),
    ];
    const ids: string[] = [];
    for (const { when, n } of payments) {
      const request = await insertRequestRow(db, { platformId, status: 'paid', expected: BigInt(n) * 1_000_000n });
      const txHash = '0x' + `${name}${n}`.padStart(64, '0').replace(/[^0-9a-f]/g, 'a');
      await insertTransferRow(db, request, {
        txHash,
        from: '0x' + '2'.repeat(40),
        amount: BigInt(n) * 1_000_000n,
        blockNumber: n,
        settled: true,
        blockTimestamp: when,
      });
      ids.push(request.id);
    }
    return { platformId, ids };
  }

  async function schedule(
    platformId: string,
    frequency: 'daily' | 'monthly',
    format: 'csv' | 'json',
    columns: string[] | null = null,
    email: string | null = null,
  ) {
    const repo = new ExportSchedulesRepository(db.manager);
    const created = await repo.create({
      id: `01SCHEDULE${platformId.slice(10, 20)}${frequency[0]}${format[0]}`.padEnd(26, '0').slice(0, 26),
      platform_id: platformId,
      frequency,
      format,
      destination: email ? 'email' : 's3',
      email,
      columns,
      filter: {},
    });
    // Made before the periods it delivers (a schedule delivers the periods that end after its creation).
    await sqlExecute(db, `UPDATE export_schedules SET created_at = '2026-09-01T00:00:00Z' WHERE id = $1`, [created.id]);
    return created.id;
  }

  it("delivers yesterday's payments once as CSV under the platform's prefix, and last month's as JSON", async () => {
    const { platformId, ids } = await platformWithPayments('aaa');
    const daily = await schedule(platformId, 'daily', 'csv');
    const monthly = await schedule(platformId, 'monthly', 'json', ['requestId', 'amount', 'paidAt']);
    const leader = service();
    expect(await leader.pass()).toBe(true);
    expect(await leader.pass()).toBe(true);
    expect(await leader.pass()).toBe(false); // both delivered; nothing pending

    const dailyKey = `exports/${platformId}/${daily}/payments-2026-11-27.csv`;
    expect(await deliveries(daily)).toEqual([
      {
        period_from: new Date('2026-11-27T00:00:00Z'),
        status: 'delivered',
        attempts: 1,
        row_count: 2,
        location: `s3://${BUCKET}/${dailyKey}`,
        last_error: null,
      },
    ]);
    const [header, ...rows] = parseCsv(await object(dailyKey));
    expect(header[0]).toBe('requestId');
    expect(rows.map((r) => r[0])).toEqual([ids[1], ids[2]]); // 27 Nov only, in chain time order

    const monthlyKey = `exports/${platformId}/${monthly}/payments-2026-10.json`;
    expect(JSON.parse(await object(monthlyKey))).toEqual([{ requestId: ids[0], amount: '1', paidAt: '2026-10-15T12:00:00.000Z' }]);

    // Another pass, or another leader later the same day: nothing is delivered twice.
    expect(await service().pass()).toBe(false);
    expect((await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `exports/${platformId}/` }))).KeyCount).toBe(2);
  });

  it('retries a delivery that fails and marks it failed after EXPORTS_MAX_ATTEMPTS, with the error', async () => {
    const { platformId } = await platformWithPayments('bbb');
    const daily = await schedule(platformId, 'daily', 'csv');
    const broken = service({ EXPORT_S3_BUCKET: 'no-such-bucket' });
    expect(await broken.pass()).toBe(false);
    expect(await deliveries(daily)).toMatchObject([{ status: 'pending', attempts: 1, last_error: expect.stringMatching(/bucket/i) }]);
    await broken.pass();
    expect(await deliveries(daily)).toMatchObject([{ status: 'failed', attempts: 2, location: null }]);
  });

  it("mails yesterday's payments as a CSV attachment over SMTP (STARTTLS, AUTH)", async () => {
    const tls = selfSignedCertificate();
    const caFile = join(tmpdir(), `payrail-export-ca-${process.pid}.pem`);
    writeFileSync(caFile, tls.cert);
    const smtp = new TestSmtpServer(await freePort(), tls, { user: 'exports', password: 'mail-secret' });
    await smtp.start();
    try {
      const { platformId, ids } = await platformWithPayments('ccc');
      const daily = await schedule(platformId, 'daily', 'csv', ['requestId', 'amount'], 'books@example.com');
      const leader = service({
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        SMTP_USER: 'exports',
        SMTP_PASSWORD: 'mail-secret',
        SMTP_CA_FILE: caFile,
        MAIL_FROM: 'Payrail exports <exports@payrail.test>',
      });
      expect(await leader.pass()).toBe(true);
      const mail = await smtp.mailTo('books@example.com');
      expect(mail.secure).toBe(true);
      expect(mail.user).toBe('exports');
      expect(mail.parsed.subject).toBe('Payrail payments export payments-2026-11-27.csv');
      const [attachment, ...more] = mail.parsed.attachments;
      expect(more).toEqual([]);
      expect(attachment.filename).toBe('payments-2026-11-27.csv');
      expect(parseCsv(attachment.content.toString('utf8'))).toEqual([
        ['requestId', 'amount'],
        [ids[1], '2'],
        [ids[2], '3'],
      ]);
      expect(await deliveries(daily)).toMatchObject([{ status: 'delivered', row_count: 2, location: 'mailto:books@example.com' }]);
    } finally {
      await smtp.stop();
    }
  });
});
