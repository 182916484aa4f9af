import { Inject, Injectable } from '@nestjs/common';
import { AccountsRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { CLOCK, type Clock } from '@payrail/platform';
import { AuthApiEnv } from '../../config/auth-api.env.js';
import { MailTransport } from '../mail/mail-transport.js';
import { PasswordHasher } from '../password-hasher.js';
import { issueVerificationToken } from '../verification-token.js';

/**
 * Creates an e-mail/password account, unverified: a single-use verification token (stored
 * hashed, bound to this password, valid EMAIL_VERIFICATION_TTL_HOURS) is sent through the mail
 * transport once the account is committed. The answer is the same whether or not the e-mail was
 * already registered (no account enumeration), and the password is hashed in every case so the
 * timing matches. A verified account is left unchanged and no mail is sent; an unverified one
 * takes this password as its latest and gets a token of its own (each token verifies the
 * registration that sent it, so a stranger's registration cannot hand the owner's link their password).
 */
@Injectable()
export class RegisterAccount {
  constructor(
    private readonly db: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly mail: MailTransport,
    private readonly env: AuthApiEnv,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(command: { email: string; password: string }): Promise<{ status: 'registered'; email: string }> {
    const hash = await this.hasher.hash(command.password);
    const { token, tokenHash } = issueVerificationToken();
    const issuedAt = new Date(this.clock.now());
    const expiresAt = new Date(issuedAt.getTime() + this.env.EMAIL_VERIFICATION_TTL_HOURS * 3600_000);
    const pending = await this.db.transaction((m) =>
      new AccountsRepository(m).registerByEmail(command.email, hash, { tokenHash, issuedAt, expiresAt }),
    );
    if (pending) await this.mail.sendVerification({ to: command.email, userId: pending.userId, token, expiresAt, reason: 'registration' });
    return { status: 'registered', email: command.email };
  }
}
