import type { EntityManager } from 'typeorm';
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

/**
 * Users, their wallets and the platform each user manages (one is made at first sign-in). The
 * writes run in the caller's transaction (built with that transaction's manager).
 */
export class AccountsRepository {
  constructor(private readonly m: EntityManager) {}

  /**
   * The account of a wallet signing in for the first time, created (user, wallet, platform,
   * membership; run it in a transaction); safe under races: when another sign-in created it first, that account.
   */
  async createForWallet(kind: 'evm' | 'tron', address: string): Promise<AccountRef> {
    const m = this.m;
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
      const theirs = await this.byWallet(kind, address);
      if (!theirs) throw new Error('wallet row vanished during sign-in');
      return theirs;
    }
    const platformId = await this.createPlatformFor(userId, `Wallet ${address.slice(0, 10)}`);
    return { userId, email: null, platformId };
  }

  /**
   * An e-mail registration (run it in a transaction): a new e-mail gets an unverified user and its
   * platform; an e-mail whose account is still unverified gets `passwordHash` as its latest
   * password (login stays refused until a token is used); both store `token`, bound to
   * `passwordHash`. A verified account is left as it is and no token is stored: undefined.
   */
  async registerByEmail(email: string, passwordHash: string, token: PendingVerification): Promise<{ userId: string } | undefined> {
    const m = this.m;
    const userId = ulid();
    const inserted = await sqlRows<{ id: string }>(
      m,
      `INSERT INTO users (id, email, password_hash) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING RETURNING id`,
      [userId, email, passwordHash],
    );
    if (inserted.length > 0) await this.createPlatformFor(userId, email);
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
  }

  /** A verified e-mail account made by an operator (the `npm start` demo login), owner of `platformId`. */
  async createVerifiedByEmail(email: string, passwordHash: string, platformId: string): Promise<AccountRef> {
    const userId = ulid();
    await sqlExecute(this.m, `INSERT INTO users (id, email, password_hash, email_verified_at) VALUES ($1, $2, $3, now())`, [
      userId,
      email,
      passwordHash,
    ]);
    await this.m.insert(PlatformMemberEntity, { platformId, userId, role: 'owner' });
    return { userId, email, platformId };
  }

  /**
   * A wallet made an owner of `platformId` by an operator (the `npm start` demo wallet): its own user
   * and membership. A wallet already signed in elsewhere is moved to this user (local dev keys only).
   */
  async attachWalletOwner(kind: 'evm' | 'tron', address: string, platformId: string): Promise<AccountRef> {
    const userId = ulid();
    await this.m.insert(UserEntity, { id: userId, email: null, passwordHash: null });
    await sqlExecute(
      this.m,
      `INSERT INTO wallets (id, user_id, kind, address) VALUES ($1, $2, $3, $4) ON CONFLICT (kind, address) DO UPDATE SET user_id = EXCLUDED.user_id`,
      [ulid(), userId, kind, address],
    );
    await this.m.insert(PlatformMemberEntity, { platformId, userId, role: 'owner' });
    return { userId, email: null, platformId };
  }

  async byEmail(email: string): Promise<(AccountRef & { passwordHash: string | null; emailVerified: boolean }) | undefined> {
    const user = await this.m.findOneBy(UserEntity, { email });
    if (!user) return undefined;
    const platformId = await this.platformOf(user.id);
    return {
      userId: user.id,
      email: user.email,
      platformId,
      passwordHash: user.passwordHash,
      emailVerified: user.emailVerifiedAt !== null,
    };
  }

  /** The account of a wallet that signed in before. */
  async byWallet(kind: 'evm' | 'tron', address: string): Promise<AccountRef | undefined> {
    const wallet = await this.m.findOneBy(WalletEntity, { kind, address });
    if (!wallet) return undefined;
    const user = await this.m.findOneByOrFail(UserEntity, { id: wallet.userId });
    return { userId: user.id, email: user.email, platformId: await this.platformOf(user.id) };
  }

  /**
   * Whom Payrail mails about a platform: its owners (role `owner`) whose e-mail address is
   * verified, oldest membership first, with the platform's name; null for an unknown platform.
   */
  async verifiedOwnerContacts(platformId: string): Promise<{ platformName: string; owners: { userId: string; email: string }[] } | null> {
    const platform = await sqlOne<{ name: string }>(this.m, 'SELECT name FROM platforms WHERE id = $1', [platformId]);
    if (!platform) return null;
    const owners = await sqlRows<{ userId: string; email: string }>(
      this.m,
      `SELECT u.id AS "userId", u.email FROM platform_members m JOIN users u ON u.id = m.user_id
        WHERE m.platform_id = $1 AND m.role = 'owner' AND u.email IS NOT NULL AND u.email_verified_at IS NOT NULL
        ORDER BY m.created_at, u.id`,
      [platformId],
    );
    return { platformName: platform.name, owners };
  }

  private async platformOf(userId: string): Promise<string> {
    const membership = await this.m.findOne(PlatformMemberEntity, { where: { userId }, order: { createdAt: 'ASC' } });
    if (!membership) throw new Error(`user ${userId} has no platform`);
    return membership.platformId;
  }

  private async createPlatformFor(userId: string, name: string): Promise<string> {
    const platformId = ulid();
    await this.m.insert(PlatformEntity, { id: platformId, name });
    await this.m.insert(PlatformMemberEntity, { platformId, userId, role: 'owner' });
    return platformId;
  }
}
