import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { CLOCK, type Clock } from '@payrail/platform';
import { ExportSchedulesRepository, streamPaymentExportOn, type ExportDeliveryRow, type ExportScheduleRow } from '@payrail/persistence';
import { formatPaymentExport, PAYMENT_EXPORT_COLUMNS, type PaymentExportColumn } from '@payrail/reconciliation';
import { DataSource } from 'typeorm';
import { ChainWorkerEnv } from '../config/chain-worker.env.js';
import { LeaderLoop } from '../shared/leader-loop.js';
import { exportFileName, lastCompletePeriod } from './periods.js';
import { MailDestination } from './mail-destination.js';
import { S3Destination } from './s3-destination.js';

/**
 * Scheduled accounting exports (issue #36 item 4), with the nightly reconciliation's pattern: one
 * leader across replicas (a Postgres advisory lock) that, each pass, records each schedule's last
 * complete period once (a primary key), then delivers the oldest pending one: the period's
 * payments are written to a temporary file through the export's cursor (memory stays one batch),
 * then uploaded to the operator's bucket as exports/<platformId>/<scheduleId>/payments-<period>.<format>,
 * or mailed to the schedule's address as an attachment.
 * A failed attempt is retried next pass, up to EXPORTS_MAX_ATTEMPTS.
 */
@Injectable()
export class ScheduledExportsService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ScheduledExports');
  private loop: LeaderLoop | undefined;
  private readonly s3: S3Destination | undefined;
  private readonly mail: MailDestination | undefined;

  constructor(
    private readonly db: DataSource,
    @Inject(ChainWorkerEnv) private readonly env: ChainWorkerEnv,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.s3 = S3Destination.fromEnv(env);
    this.mail = MailDestination.fromEnv(env);
  }

  onApplicationBootstrap(): void {
    if (!this.env.EXPORTS_ENABLED) return;
    this.loop = new LeaderLoop(this.db, 'scheduled-exports', this.env.EXPORTS_POLL_INTERVAL_MS, () => this.pass());
    this.loop.start();
  }

  /** One leader pass: records due periods, delivers the oldest pending one; true when another may wait. */
  async pass(): Promise<boolean> {
    const repo = new ExportSchedulesRepository(this.db.manager);
    await repo.recordDue((frequency) => lastCompletePeriod(this.clock.now(), frequency));
    const next = await repo.nextPending();
    if (!next) return false;
    try {
      const { rows, location } = await this.deliver(next.schedule, next);
      await repo.delivered(next.schedule_id, next.period_from, rows, location);
      this.logger.log({ scheduleId: next.schedule_id, rows, location }, 'scheduled export delivered');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await repo.attemptFailed(next.schedule_id, next.period_from, message, this.env.EXPORTS_MAX_ATTEMPTS);
      this.logger.warn({ scheduleId: next.schedule_id, err: error }, 'scheduled export not delivered; retried next pass');
      return false;
    }
    return true;
  }

  private async deliver(schedule: ExportScheduleRow, delivery: ExportDeliveryRow): Promise<{ rows: number; location: string }> {
    if (schedule.destination === 's3' && !this.s3) throw new Error('no bucket configured (EXPORT_S3_BUCKET)');
    if (schedule.destination === 'email' && !this.mail) throw new Error('no SMTP server configured (SMTP_HOST)');
    const dir = await mkdtemp(join(tmpdir(), 'payrail-export-'));
    const name = exportFileName(schedule.frequency, new Date(delivery.period_from), schedule.format);
    const file = join(dir, name);
    try {
      const rows = await this.write(schedule, delivery, file);
      const type = schedule.format === 'json' ? 'application/json' : 'text/csv; charset=utf-8';
      if (schedule.destination === 'email') {
        const subject = `Payrail payments export ${name}`;
        return { rows, location: await this.mail!.send(schedule.email!, subject, { name, path: file, contentType: type }) };
      }
      const key = `exports/${schedule.platform_id}/${schedule.id}/${name}`;
      return { rows, location: await this.s3!.put(key, file, type) };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Writes the period's payments to `file`; answers how many. */
  private async write(schedule: ExportScheduleRow, delivery: ExportDeliveryRow, file: string): Promise<number> {
    const runner = this.db.createQueryRunner();
    await runner.connect();
    let rows = 0;
    try {
      const filter = { ...schedule.filter, from: new Date(delivery.period_from), to: new Date(delivery.period_to) };
      const counted = (async function* () {
        for await (const batch of streamPaymentExportOn(runner, schedule.platform_id, filter)) {
          rows += batch.length;
          yield batch;
        }
      })();
      const columns = (schedule.columns ?? PAYMENT_EXPORT_COLUMNS) as PaymentExportColumn[];
      await pipeline(Readable.from(formatPaymentExport(counted, schedule.format, columns)), createWriteStream(file));
      return rows;
    } finally {
      await runner.release();
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.loop?.stop();
    this.s3?.close();
    this.mail?.close();
  }
}
