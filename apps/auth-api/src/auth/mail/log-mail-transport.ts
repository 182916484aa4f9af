import { Logger } from '@nestjs/common';
import { MailTransport, type VerificationMail } from './mail-transport.js';

/** The logger context of the one line that may carry a verification token (PAYRAIL_ENV=local only). */
export const LOCAL_MAILBOX_CONTEXT = 'LocalMailbox';

/**
 * PAYRAIL_ENV=local: no mail leaves the machine; the token is printed on the `LocalMailbox` logger,
 * one line per mail, naming the user id but never the e-mail address (the env schema refuses this
 * transport elsewhere). The token is a plain word in the message: no URL (URLs in log text are
 * scrubbed) and no `token` key (redacted).
 */
export class LogMailTransport extends MailTransport {
  private readonly logger = new Logger(LOCAL_MAILBOX_CONTEXT);

  sendVerification(mail: VerificationMail): Promise<void> {
    this.logger.log(
      `e-mail verification for user ${mail.userId} (local only, expires ${mail.expiresAt.toISOString()}): ` +
        `POST /v1/auth/verify-email {"token":"${mail.token}"}`,
    );
    return Promise.resolve();
  }
}

/** No transport configured: the mail is dropped, and the log says so without its token or address. */
export class NoMailTransport extends MailTransport {
  private readonly logger = new Logger('MailTransport');

  sendVerification(mail: VerificationMail): Promise<void> {
    this.logger.warn(`verification mail for user ${mail.userId} not sent: MAIL_TRANSPORT=none`);
    return Promise.resolve();
  }
}
