import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { AccountsRepository } from '@payrail/persistence';
import { SessionStore, type Session } from '@payrail/platform';
import { LoginThrottle } from '../login-throttle.js';
import { PasswordHasher } from '../password-hasher.js';

/** E-mail/password sign-in: throttled per account and IP; one answer for unknown e-mail and wrong password. */
@Injectable()
export class LoginAccount {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly sessions: SessionStore,
  ) {}

  async execute(command: { email: string; password: string; ip: string }): Promise<{ token: string; session: Session }> {
    await this.throttle.assertAllowed(command.email, command.ip);
    const account = await this.accounts.byEmail(command.email);
    const ok = await this.hasher.verify(account?.passwordHash ?? null, command.password);
    if (!ok || !account) {
      await this.throttle.recordFailure(command.email, command.ip);
      throw new PayrailError('UNAUTHENTICATED', 'Invalid e-mail or password');
    }
    await this.throttle.reset(command.email, command.ip);
    return this.sessions.create({
      kind: 'email',
      userId: account.userId,
      platformId: account.platformId,
      walletAddress: null,
      email: account.email,
    });
  }
}
