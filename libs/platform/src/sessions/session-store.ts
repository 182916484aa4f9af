import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from '../auth/clock.js';

/** Spec: wallet sessions expire after 15 minutes idle; e-mail/password sessions after 30 days. */
const WALLET_IDLE_MS = 15 * 60 * 1000;
const EMAIL_SESSION_MS = 30 * 24 * 3600 * 1000;
/** Default absolute lifetime of a wallet session, however active (WALLET_SESSION_MAX_AGE_SECONDS). */
const WALLET_MAX_LIFETIME_MS = 12 * 3600 * 1000;

export type SessionKind = 'wallet' | 'email';

export interface SessionData {
  kind: SessionKind;
  userId: string;
  platformId: string;
  walletAddress: string | null;
  email: string | null;
}

export interface Session extends SessionData {
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

/**
 * Sessions in Redis, shared by every replica of auth-api and payments-api. The token is 32
 * random bytes handed to the client; Redis keys hold only its SHA-256, so a copy of Redis
 * yields no usable session. Expiry is checked against the injectable clock (and mirrored in
 * the key's TTL for clean-up); wallet sessions slide on every use, up to their absolute
 * lifetime. Each user's session keys are indexed, so all of them can be revoked at once.
 */
export class SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly clock: Clock,
    private readonly walletMaxLifetimeMs: number = WALLET_MAX_LIFETIME_MS,
  ) {}

  private key(token: string): string {
    return `${this.prefix}:session:${createHash('sha256').update(token).digest('hex')}`;
  }

  private userIndex(userId: string): string {
    return `${this.prefix}:user-sessions:${userId}`;
  }

  /** A wallet session's end if it stays active from `now`: idle timeout, capped by its absolute lifetime. */
  private walletExpiry(createdAt: number, now: number): number {
    return Math.min(now + WALLET_IDLE_MS, createdAt + this.walletMaxLifetimeMs);
  }

  async create(data: SessionData): Promise<{ token: string; session: Session }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const expiresAt = data.kind === 'wallet' ? this.walletExpiry(now, now) : now + EMAIL_SESSION_MS;
    const session: Session = { ...data, createdAt: now, lastSeenAt: now, expiresAt };
    const key = this.key(token);
    await this.redis
      .multi()
      .set(key, JSON.stringify(session), 'PX', expiresAt - now)
      .sadd(this.userIndex(data.userId), key)
      .pexpire(this.userIndex(data.userId), EMAIL_SESSION_MS) // outlives every session it lists
      .exec();
    return { token, session };
  }

  /** The live session of a token, sliding a wallet session's idle timeout; undefined when unknown or expired. */
  async get(token: string): Promise<Session | undefined> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    const key = this.key(token);
    const raw = await this.redis.get(key);
    if (!raw) return undefined;
    const session = JSON.parse(raw) as Session;
    const now = this.clock.now();
    if (now >= session.expiresAt) {
      await this.redis.del(key);
      return undefined;
    }
    if (session.kind === 'wallet') {
      const slid: Session = { ...session, lastSeenAt: now, expiresAt: this.walletExpiry(session.createdAt, now) };
      if (slid.expiresAt <= now) return undefined;
      // XX: a logout that ran meanwhile is not undone.
      await this.redis.set(key, JSON.stringify(slid), 'PX', slid.expiresAt - now, 'XX');
      return slid;
    }
    return session;
  }

  async destroy(token: string): Promise<void> {
    const key = this.key(token);
    const raw = await this.redis.getdel(key);
    if (raw) await this.redis.srem(this.userIndex((JSON.parse(raw) as Session).userId), key);
  }

  /** Log out everywhere: deletes every session of the user; answers how many were live. */
  async destroyAllOf(userId: string): Promise<number> {
    const index = this.userIndex(userId);
    const keys = await this.redis.smembers(index);
    const pipeline = this.redis.multi();
    for (const key of keys) pipeline.del(key);
    pipeline.del(index);
    const results = (await pipeline.exec()) ?? [];
    return results.slice(0, keys.length).reduce((live, [, deleted]) => live + Number(deleted), 0);
  }
}
