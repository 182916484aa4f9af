import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { waitFor } from '@payrail/devstack';

/** A self-signed certificate for 127.0.0.1 (openssl, as an operator would make one for a private relay). */
export function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'payrail-smtp-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What the server saw of one delivered message. */
export interface DeliveredMail {
  parsed: ParsedMail;
  /** The AUTH user of the session, and whether it had upgraded to TLS (STARTTLS) before MAIL FROM. */
  user: string | undefined;
  secure: boolean;
  envelopeTo: string[];
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package): STARTTLS with a self-signed
 * certificate, AUTH PLAIN/LOGIN with one user, only after STARTTLS. `noStartTls` makes it a
 * server that does not know STARTTLS (AUTH then allowed in clear), to prove clients refuse it.
 */
export class TestSmtpServer {
  readonly delivered: DeliveredMail[] = [];
  private server: SMTPServer | undefined;

  constructor(
    readonly port: number,
    readonly tls: { key: string; cert: string },
    readonly account: { user: string; password: string },
    private readonly options: { noStartTls?: boolean } = {},
  ) {}

  async start(): Promise<void> {
    const server = new SMTPServer({
      key: this.tls.key,
      cert: this.tls.cert,
      disabledCommands: this.options.noStartTls ? ['STARTTLS'] : [],
      allowInsecureAuth: this.options.noStartTls ?? false,
      authMethods: ['PLAIN', 'LOGIN'],
      logger: false,
      onAuth: (auth, _session, callback) =>
        auth.username === this.account.user && auth.password === this.account.password
          ? callback(null, { user: auth.username })
          : callback(new Error('Invalid username or password')),
      onMailFrom: (_address, session, callback) => callback(session.user ? null : new Error('Authentication required')),
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            this.delivered.push({
              parsed,
              user: typeof session.user === 'string' ? session.user : undefined,
              secure: session.secure,
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  /** The first message delivered to `to` (waits for it). */
  mailTo(to: string, timeoutMs = 30000): Promise<DeliveredMail> {
    return waitFor(`a mail to ${to}`, () => Promise.resolve(this.delivered.find((m) => m.envelopeTo.includes(to))), timeoutMs);
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
