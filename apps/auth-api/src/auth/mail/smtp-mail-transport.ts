import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type Job, Queue, Worker } from 'bullmq';
import { createTransport, type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { type EndpointDisabledMailJob, FAILED_MAIL_RETENTION_SECONDS, MAIL_JOBS } from '@payrail/domain';
import { QUEUES } from '@payrail/platform';
import type { AuthApiEnv } from '../../config/auth-api.env.js';
import { renderEndpointDisabledMail } from './endpoint-disabled-template.js';
import { type RenderedMail, renderVerificationMail } from './mail-templates.js';
import { MailTransport, type VerificationMail } from './mail-transport.js';

/** A verification mail waiting in the mail queue (the token is needed until the mail is accepted). */
export interface VerificationMailJob {
  to: string;
  userId: string;
  token: string;
  expiresAt: string;
  reason: VerificationMail['reason'];
}

/** Any job of the mail queue (MAIL_JOBS names which). */
type MailJob = VerificationMailJob | EndpointDisabledMailJob;

/** How log lines name a mail job. */
const mailKind = (name: string): string => (name === MAIL_JOBS.endpointDisabled ? 'endpoint-disabled notice' : 'verification mail');

/**
 * nodemailer's SMTP options for the server of the env. Outside PAYRAIL_ENV=local the connection is
 * encrypted or not made: TLS from the first byte (smtps://, SMTP_SECURE) or a STARTTLS upgrade that
 * is required (`requireTLS`: a server that does not offer it is refused), and the certificate is
 * always checked (SMTP_CA_FILE adds a private CA to the trusted ones). In local, STARTTLS is used
 * when the server offers it, still with the certificate checked.
 */
export function smtpOptions(env: AuthApiEnv, ca?: string): SMTPTransport.Options {
  const server = env.smtpServer();
  return {
    host: server.host,
    port: server.port,
    secure: server.secure,
    auth: server.auth,
    requireTLS: !server.secure && env.PAYRAIL_ENV !== 'local',
    ignoreTLS: false,
    tls: { rejectUnauthorized: true, ...(ca ? { ca } : {}) },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    logger: false,
  };
}

/**
 * MAIL_TRANSPORT=smtp. Sending is a BullMQ job, so a request that registers an account only waits
 * for Redis, never for the SMTP server; the job (which holds the token, since only its hash is
 * stored) is retried with exponential back-off (MAIL_RETRY_ATTEMPTS, MAIL_RETRY_BASE_MS) until the
 * server accepts the mail, and the worker of every auth-api replica sends what the queue holds:
 * verification mails (completed jobs removed at once: they carry a token) and the notices the
 * webhook-worker queues (MAIL_JOBS.endpointDisabled), each rendered with its own template.
 */
export class SmtpMailTransport extends MailTransport implements OnApplicationShutdown {
  private readonly logger = new Logger('SmtpMail');
  private readonly queue: Queue<VerificationMailJob>;
  private readonly worker: Worker<MailJob>;
  private readonly transporter: Transporter<SMTPTransport.SentMessageInfo>;

  constructor(
    private readonly env: AuthApiEnv,
    ca?: string,
  ) {
    super();
    const connection = { url: env.REDIS_URL, maxRetriesPerRequest: null };
    this.queue = new Queue<VerificationMailJob>(QUEUES.mail, { connection, prefix: env.QUEUE_PREFIX });
    this.transporter = createTransport(smtpOptions(env, ca), { from: env.MAIL_FROM });
    this.worker = new Worker<MailJob>(QUEUES.mail, (job) => this.send(job), {
      connection,
      prefix: env.QUEUE_PREFIX,
      concurrency: 5,
    });
    this.worker.on('error', (error) => this.logger.error({ err: error }, 'mail worker error'));
    this.worker.on('failed', (job, error) => {
      if (!job) return;
      const final = job.attemptsMade >= (job.opts.attempts ?? 1);
      this.logger.warn(
        { jobId: job.id, userId: job.data.userId, attempt: job.attemptsMade, reason: error.message },
        `${mailKind(job.name)} not accepted${final ? ' by the SMTP server: attempts spent' : ': retrying later'}`,
      );
    });
  }

  async sendVerification(mail: VerificationMail): Promise<void> {
    const job: VerificationMailJob = { ...mail, expiresAt: mail.expiresAt.toISOString() };
    await this.queue.add(MAIL_JOBS.verification, job, {
      attempts: this.env.MAIL_RETRY_ATTEMPTS,
      backoff: { type: 'exponential', delay: this.env.MAIL_RETRY_BASE_MS },
      removeOnComplete: true,
      removeOnFail: { age: FAILED_MAIL_RETENTION_SECONDS },
    });
  }

  private async send(job: Job<MailJob>): Promise<void> {
    const rendered = this.render(job);
    const info = await this.transporter.sendMail({ to: job.data.to, ...rendered });
    this.logger.log(
      { jobId: job.id, userId: job.data.userId, messageId: info.messageId },
      `${mailKind(job.name)} accepted by the SMTP server`,
    );
  }

  private render(job: Job<MailJob>): RenderedMail {
    switch (job.name) {
      case MAIL_JOBS.endpointDisabled:
        return renderEndpointDisabledMail(job.data as EndpointDisabledMailJob, this.env.SIWE_URI);
      case MAIL_JOBS.verification: {
        const data = job.data as VerificationMailJob;
        return renderVerificationMail({ ...data, expiresAt: new Date(data.expiresAt) }, this.env.SIWE_URI);
      }
      default:
        // A job of a newer release (rolling upgrade): fails, and is retried by a replica that knows it.
        throw new Error(`unknown mail job ${job.name}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker.close();
    await this.queue.close();
    this.transporter.close();
  }
}
