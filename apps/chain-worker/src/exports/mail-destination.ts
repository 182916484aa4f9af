import { readFileSync } from 'node:fs';
import { createTransport, type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { ChainWorkerEnv } from '../config/chain-worker.env.js';

/** Mails scheduled exports as attachments over SMTP (SMTP_HOST...), or undefined when no server is configured. */
export class MailDestination {
  private constructor(private readonly transporter: Transporter<SMTPTransport.SentMessageInfo>) {}

  static fromEnv(env: ChainWorkerEnv): MailDestination | undefined {
    if (!env.SMTP_HOST) return undefined;
    const ca = env.SMTP_CA_FILE ? readFileSync(env.SMTP_CA_FILE, 'utf8') : undefined;
    const options: SMTPTransport.Options = {
      host: env.SMTP_HOST,
      port: env.SMTP_PORT ?? (env.SMTP_SECURE ? 465 : 587),
      secure: env.SMTP_SECURE,
      ...(env.SMTP_USER && env.SMTP_PASSWORD ? { auth: { user: env.SMTP_USER, pass: env.SMTP_PASSWORD } } : {}),
      requireTLS: !env.SMTP_SECURE && env.PAYRAIL_ENV !== 'local',
      tls: { rejectUnauthorized: true, ...(ca ? { ca } : {}) },
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
      logger: false,
    };
    return new MailDestination(createTransport(options, { from: env.MAIL_FROM }));
  }

  /** Sends the export file to `to`; answers its mailto: location. */
  async send(to: string, subject: string, file: { name: string; path: string; contentType: string }): Promise<string> {
    await this.transporter.sendMail({
      to,
      subject,
      text: `${subject}\n\nThe file is attached (${file.name}).`,
      attachments: [{ filename: file.name, path: file.path, contentType: file.contentType }],
    });
    return `mailto:${to}`;
  }

  close(): void {
    this.transporter.close();
  }
}
