/** The local mail catcher of `npm start`: every mail auth-api sends lands here, readable in a web inbox. */
export interface LocalInbox {
  /** SMTP port on 127.0.0.1 (no TLS, no AUTH: local only). */
  smtpPort: number;
  /** The web inbox (and its REST API under /api, e.g. GET /api/email). */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts MailDev bound to 127.0.0.1 only (SMTP and web inbox), keeping its mails in `dir`. STARTTLS
 * is not offered: MailDev's certificate would be self-signed, and auth-api checks certificates.
 */
export async function startLocalInbox(opts: { smtpPort: number; webPort: number; dir: string }): Promise<LocalInbox> {
  // Loaded here, not at the top: MailDev brings a web server most importers of the devstack never start.
  const { MailDev } = await import('maildev');
  const maildev = new MailDev({
    smtp: opts.smtpPort,
    ip: '127.0.0.1',
    web: opts.webPort,
    webIp: '127.0.0.1',
    hideExtensions: ['STARTTLS'],
    mailDirectory: opts.dir,
    silent: true,
  });
  await maildev.start();
  return { smtpPort: opts.smtpPort, url: `http://127.0.0.1:${opts.webPort}`, stop: () => maildev.stop() };
}
