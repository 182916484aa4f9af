/** A verification e-mail to send: the recipient proves ownership of `to` by using `token`. */
export interface VerificationMail {
  to: string;
  userId: string;
  /** The secret the mail carries (only its SHA-256 is stored). */
  token: string;
  expiresAt: Date;
  /** `registration`: sent by POST /v1/auth/register; `resend`: asked for again (POST /v1/auth/verify-email/resend). */
  reason: 'registration' | 'resend';
}

/**
 * The port through which auth-api sends e-mail. Implementations: SmtpMailTransport (queued, sent
 * by the mail worker over SMTP), LogMailTransport (PAYRAIL_ENV=local: prints the token),
 * OutboxMailTransport (JSON files a test or a mail relay reads), NoMailTransport.
 * A transport that fails throws; the caller decides whether the request fails with it.
 */
export abstract class MailTransport {
  abstract sendVerification(mail: VerificationMail): Promise<void>;
}
