import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { newUlid } from '@payrail/domain';
import { renderVerificationMail } from './mail-templates.js';
import { MailTransport, type VerificationMail } from './mail-transport.js';

/** One mail as the outbox holds it (`<ulid>.json`, owner-readable only). */
export interface OutboxMail {
  kind: 'email-verification';
  to: string;
  subject: string;
  text: string;
  html: string;
  token: string;
  expiresAt: string;
  createdAt: string;
}

/**
 * Mail as files, no SMTP: each mail is written to `<dir>/<ulid>.json` (written to a temporary
 * name, then renamed, so a reader never sees half a mail). Tests read it; in a deployment a
 * mail relay can pick the files up.
 */
export class OutboxMailTransport extends MailTransport {
  constructor(
    private readonly dir: string,
    private readonly dashboardUrl: string,
  ) {
    super();
  }

  async sendVerification(mail: VerificationMail): Promise<void> {
    const message: OutboxMail = {
      kind: 'email-verification',
      to: mail.to,
      ...renderVerificationMail(mail, this.dashboardUrl),
      token: mail.token,
      expiresAt: mail.expiresAt.toISOString(),
      createdAt: new Date().toISOString(),
    };
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const name = `${newUlid()}.json`;
    await writeFile(join(this.dir, `.${name}.tmp`), JSON.stringify(message, null, 2), { mode: 0o600 });
    await rename(join(this.dir, `.${name}.tmp`), join(this.dir, name));
  }
}
