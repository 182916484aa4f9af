import { Injectable } from '@nestjs/common';
import { AccountsRepository } from '@payrail/persistence';
import { PasswordHasher } from '../password-hasher.js';

/**
 * Creates an e-mail/password account. The answer is the same whether or not the e-mail was
 * already registered (no account enumeration), and the password is hashed in both cases so
 * the timing matches; an existing account is left unchanged.
 */
@Injectable()
export class RegisterAccount {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute(command: { email: string; password: string }): Promise<{ status: 'registered'; email: string }> {
    const hash = await this.hasher.hash(command.password);
    await this.accounts.createByEmail(command.email, hash);
    return { status: 'registered', email: command.email };
  }
}
