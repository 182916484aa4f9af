import { readFileSync } from 'node:fs';
import type { Provider } from '@nestjs/common';
import { AuthApiEnv } from '../../config/auth-api.env.js';
import { LogMailTransport, NoMailTransport } from './log-mail-transport.js';
import { MailTransport } from './mail-transport.js';
import { OutboxMailTransport } from './outbox-mail-transport.js';
import { SmtpMailTransport } from './smtp-mail-transport.js';

/** The MailTransport MAIL_TRANSPORT names (the env schema allows `log` only with PAYRAIL_ENV=local). */
export const mailTransportProvider: Provider = {
  provide: MailTransport,
  inject: [AuthApiEnv],
  useFactory: (env: AuthApiEnv): MailTransport => {
    switch (env.mailTransport()) {
      case 'smtp':
        return new SmtpMailTransport(env, env.SMTP_CA_FILE ? readFileSync(env.SMTP_CA_FILE, 'utf8') : undefined);
      case 'log':
        return new LogMailTransport();
      case 'outbox':
        return new OutboxMailTransport(env.MAIL_OUTBOX_DIR!, env.SIWE_URI);
      case 'none':
        return new NoMailTransport();
    }
  },
};
