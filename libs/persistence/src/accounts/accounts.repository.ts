import type { DataSource, EntityManager } from 'typeorm';
import { ulid } from 'ulid';
import { sqlRows } from '../sql/typed-query.js';
import { PlatformEntity } from '../tenancy/tenancy.entities.js';
import { PlatformMemberEntity, UserEntity, WalletEntity } from './accounts.entities.js';

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

  /** Creates an e-mail account unless the e-mail is taken; returns whether it was created. */
  async createByEmail(email: string, passwordHash: string): Promise<boolean> {
    return this.db.transaction(async (m) => {
      const userId = ulid();
      const inserted = await sqlRows<{ id: string }>(
        m,
        `INSERT INTO users (id, email, password_hash) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING RETURNING id`,
        [userId, email, passwordHash],
      );
      if (inserted.length === 0) return false;
      await this.createPlatformFor(m, userId, email);
      return true;
    });
  }

  async byEmail(email: string): Promise<(AccountRef & { passwordHash: string | null }) | undefined> {
    const user = await this.db.manager.findOneBy(UserEntity, { email });
    if (!user) return undefined;
    const platformId = await this.platformOf(this.db.manager, user.id);
    return { userId: user.id, email: user.email, platformId, passwordHash: user.passwordHash };
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
