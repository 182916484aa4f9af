import type { Provider } from '@nestjs/common';
import { AuthApiEnv } from '../../config/auth-api.env.js';
import { LogMailTransport, NoMailTransport } from './log-mail-transport.js';
import { MailTransport } from './mail-transport.js';
import { OutboxMailTransport } from './outbox-mail-transport.js';

/** The MailTransport MAIL_TRANSPORT names (the env schema allows `log` only with PAYRAIL_ENV=local). */
export const mailTransportProvider: Provider = {
  provide: MailTransport,
  inject: [AuthApiEnv],
  useFactory: (env: AuthApiEnv): MailTransport => {
    switch (env.mailTransport()) {
      case 'log':
        return new LogMailTransport();
      case 'outbox':
        return new OutboxMailTransport(env.MAIL_OUTBOX_DIR!);
      case 'none':
        return new NoMailTransport();
    }
  },
};
