import type { DataSource, EntityManager } from 'typeorm';
import { ulid } from 'ulid';
import { sqlExecute, sqlOne, sqlRows } from '../sql/typed-query.js';
import { PlatformEntity } from '../tenancy/tenancy.entities.js';
import { PlatformMemberEntity, UserEntity, WalletEntity } from './accounts.entities.js';
import { storeVerificationToken, type PendingVerification } from './email-verification.repository.js';

export interface AccountRef {
  userId: string;
  email: string | null;
  platformId: string;
}

/** Users, their wallets and the platform each user manages (one is made at first sign-in). */
export class AccountsRepository {
  constructor(private readonly db: DataSource) {}

  /** The account of a wallet, created (user, wallet, platform, membership) on first sign-in; safe under races. */
  async findOrCreateByWallet(kind: 'evm' | 'tron', address: string): Promise<AccountRef> {
    const existing = await this.byWallet(this.db.manager, kind, address);
    if (existing) return existing;
    return this.db.transaction(async (m) => {
      const userId = ulid();
      await m.insert(UserEntity, { id: userId, email: null, passwordHash: null });
      const inserted = await sqlRows<{ id: string }>(
        m,
        `INSERT INTO wallets (id, user_id, kind, address) VALUES ($1, $2, $3, $4) ON CONFLICT (kind, address) DO NOTHING RETURNING id`,
        [ulid(), userId, kind, address],
      );
      if (inserted.length === 0) {
        // Another sign-in created it first: drop our user and use theirs.
        await m.delete(UserEntity, { id: userId });
        const theirs = await this.byWallet(m, kind, address);
        if (!theirs) throw new Error('wallet row vanished during sign-in');
        return theirs;
      }
      const platformId = await this.createPlatformFor(m, userId, `Wallet ${address.slice(0, 10)}`);
      return { userId, email: null, platformId };
    });
  }

  /**
   * An e-mail registration, in one transaction: a new e-mail gets an unverified user and its
   * platform; an e-mail whose account is still unverified gets `passwordHash` as its latest
   * password (login stays refused until a token is used); both store `token`, bound to
   * `passwordHash`. A verified account is left as it is and no token is stored: undefined.
   */
  async registerByEmail(email: string, passwordHash: string, token: PendingVerification): Promise<{ userId: string } | undefined> {
    return this.db.transaction(async (m) => {
      const userId = ulid();
      const inserted = await sqlRows<{ id: string }>(
        m,
        `INSERT INTO users (id, email, password_hash) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING RETURNING id`,
        [userId, email, passwordHash],
      );
      if (inserted.length > 0) await this.createPlatformFor(m, userId, email);
      else {
        const pending = await sqlOne<{ id: string }>(
          m,
          `UPDATE users SET password_hash = $2 WHERE email = $1 AND email_verified_at IS NULL RETURNING id`,
          [email, passwordHash],
        );
        if (!pending) return undefined;
        return { userId: await storeVerificationToken(m, pending.id, passwordHash, token) };
      }
      return { userId: await storeVerificationToken(m, userId, passwordHash, token) };
    });
  }

  /** A verified e-mail account made by an operator (the `npm start` demo login), owner of `platformId`. */
  async createVerifiedByEmail(email: string, passwordHash: string, platformId: string): Promise<AccountRef> {
    return this.db.transaction(async (m) => {
      const userId = ulid();
      await sqlExecute(m, `INSERT INTO users (id, email, password_hash, email_verified_at) VALUES ($1, $2, $3, now())`, [
        userId,
        email,
        passwordHash,
      ]);
      await m.insert(PlatformMemberEntity, { platformId, userId, role: 'owner' });
      return { userId, email, platformId };
    });
  }

  async byEmail(email: string): Promise<(AccountRef & { passwordHash: string | null; emailVerified: boolean }) | undefined> {
    const user = await this.db.manager.findOneBy(UserEntity, { email });
    if (!user) return undefined;
    const platformId = await this.platformOf(this.db.manager, user.id);
    return {
      userId: user.id,
      email: user.email,
      platformId,
      passwordHash: user.passwordHash,
      emailVerified: user.emailVerifiedAt !== null,
    };
  }

  private async byWallet(m: EntityManager, kind: 'evm' | 'tron', address: string): Promise<AccountRef | undefined> {
    const wallet = await m.findOneBy(WalletEntity, { kind, address });
    if (!wallet) return undefined;
    const user = await m.findOneByOrFail(UserEntity, { id: wallet.userId });
    return { userId: user.id, email: user.email, platformId: await this.platformOf(m, user.id) };
  }

  private async platformOf(m: EntityManager, userId: string): Promise<string> {
    const membership = await m.findOne(PlatformMemberEntity, { where: { userId }, order: { createdAt: 'ASC' } });
    if (!membership) throw new Error(`user ${userId} has no platform`);
    return membership.platformId;
  }

  private async createPlatformFor(m: EntityManager, userId: string, name: string): Promise<string> {
    const platformId = ulid();
    await m.insert(PlatformEntity, { id: platformId, name });
    await m.insert(PlatformMemberEntity, { platformId, userId, role: 'owner' });
    return platformId;
  }
}
