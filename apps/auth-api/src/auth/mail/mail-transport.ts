/** A verification e-mail to send: the recipient proves ownership of `to` by using `token`. */
export interface VerificationMail {
  to: string;
  userId: string;
  /** The secret the mail carries (only its SHA-256 is stored). */
  token: string;
  expiresAt: Date;
}

/**
 * The port through which auth-api sends e-mail. Implementations: LogMailTransport (PAYRAIL_ENV=local:
 * prints the token), OutboxMailTransport (JSON files a test or a mail relay reads), NoMailTransport.
 * A transport that fails throws; the caller decides whether the request fails with it.
 */
export abstract class MailTransport {
  abstract sendVerification(mail: VerificationMail): Promise<void>;
}

/** Subject and plain-text body of a verification mail, as a transport that delivers mail sends them. */
export function renderVerificationMail(mail: VerificationMail): { subject: string; text: string } {
  return {
    subject: 'Confirm your e-mail address for Payrail',
    text: [
      'Someone (hopefully you) created a Payrail account with this e-mail address.',
      '',
      'To confirm it, send this token to the auth service before it expires',
      `(${mail.expiresAt.toISOString()}): POST /v1/auth/verify-email {"token":"${mail.token}"}`,
      '',
      'The token works once. If you did not register, ignore this mail: the account stays unusable.',
    ].join('\n'),
  };
}
