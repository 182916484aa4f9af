import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A dashboard user: signed in with a wallet, an e-mail and password, or both. */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryColumn('text') id: string;
  /** Normalised (trimmed, lower-case). */
  @Column({ type: 'text', nullable: true }) email: string | null;
  /** argon2id encoded hash. */
  @Column({ name: 'password_hash', type: 'text', nullable: true }) passwordHash: string | null;
  /** When the owner of `email` proved it (a verification token); null: e-mail login is refused. */
  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true }) emailVerifiedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

@Entity({ name: 'wallets' })
export class WalletEntity {
  @PrimaryColumn('text') id: string;
  @Column({ name: 'user_id', type: 'text' }) userId: string;
  @Column('text') kind: 'evm' | 'tron';
  /** EVM: EIP-55 checksummed; Tron: base58. */
  @Column('text') address: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

/** Which platforms a user may manage (the dashboard acts for the user's platform). */
@Entity({ name: 'platform_members' })
export class PlatformMemberEntity {
  @PrimaryColumn({ name: 'platform_id', type: 'text' }) platformId: string;
  @PrimaryColumn({ name: 'user_id', type: 'text' }) userId: string;
  @Column('text') role: 'owner' | 'member';
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

export const ACCOUNT_ENTITIES = [UserEntity, WalletEntity, PlatformMemberEntity];
