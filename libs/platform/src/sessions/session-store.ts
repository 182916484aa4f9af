import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from '../auth/clock.js';

/** Spec: wallet sessions expire after 15 minutes idle; e-mail/password sessions after 30 days. */
export const WALLET_IDLE_MS = 15 * 60 * 1000;
export const EMAIL_SESSION_MS = 30 * 24 * 3600 * 1000;

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
 * the key's TTL for clean-up); wallet sessions slide on every use.
 */
export class SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly clock: Clock,
  ) {}

  private key(token: string): string {
    return `${this.prefix}:session:${createHash('sha256').update(token).digest('hex')}`;
  }

  async create(data: SessionData): Promise<{ token: string; session: Session }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const expiresAt = now + (data.kind === 'wallet' ? WALLET_IDLE_MS : EMAIL_SESSION_MS);
    const session: Session = { ...data, createdAt: now, lastSeenAt: now, expiresAt };
    await this.redis.set(this.key(token), JSON.stringify(session), 'PX', expiresAt - now);
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
      const slid: Session = { ...session, lastSeenAt: now, expiresAt: now + WALLET_IDLE_MS };
      // XX: a logout that ran meanwhile is not undone.
      await this.redis.set(key, JSON.stringify(slid), 'PX', WALLET_IDLE_MS, 'XX');
      return slid;
    }
    return session;
  }

  async destroy(token: string): Promise<void> {
    await this.redis.del(this.key(token));
  }
}
