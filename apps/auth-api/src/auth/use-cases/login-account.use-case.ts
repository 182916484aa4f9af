import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { AccountsRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { SessionStore, type Session } from '@payrail/platform';
import { AccountCeiling } from '../account-ceiling.js';
import { LoginThrottle } from '../login-throttle.js';
import { PasswordHasher } from '../password-hasher.js';

export interface LoginCommand {
  email: string;
  password: string;
  ip: string | undefined;
  /** The session the request already carried (cookie): revoked on success, never reused (session fixation). */
  replacing: string | undefined;
}

/**
 * E-mail/password sign-in: the account's ceiling across addresses is checked (AccountCeiling), the attempt is reserved in the (account, IP) back-off before argon2
 * runs; one answer for unknown e-mail and wrong password; a success resets the back-off and
 * replaces any session the request carried with a new one. An account whose e-mail is not
 * verified yet is refused (403) once its password is right.
 */
@Injectable()
export class LoginAccount {
  constructor(
    private readonly db: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly ceiling: AccountCeiling,
    private readonly sessions: SessionStore,
  ) {}

  async execute(command: LoginCommand): Promise<{ token: string; session: Session }> {
    await this.ceiling.check(command.email, command.ip);
    await this.throttle.reserve(command.email, command.ip);
    const account = await new AccountsRepository(this.db.manager).byEmail(command.email);
    const ok = await this.hasher.verify(account?.passwordHash ?? null, command.password);
    if (!ok || !account) {
      await this.ceiling.failed(command.email);
      throw new PayrailError('UNAUTHENTICATED', 'Invalid e-mail or password');
    }
    await Promise.all([this.throttle.reset(command.email, command.ip), this.ceiling.succeeded(command.email, command.ip)]);
    // Only the holder of the password learns this (an unknown e-mail or a wrong password is the 401 above).
    if (!account.emailVerified)
      throw new PayrailError(
        'FORBIDDEN',
        'E-mail address not verified: use the token sent at registration (POST /v1/auth/verify-email), or ask for a new one (POST /v1/auth/verify-email/resend)',
      );
    if (command.replacing) await this.sessions.destroy(command.replacing);
    return this.sessions.create({
      kind: 'email',
      userId: account.userId,
      platformId: account.platformId,
      walletAddress: null,
      email: account.email,
    });
  }
}
