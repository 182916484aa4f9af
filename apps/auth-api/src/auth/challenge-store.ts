import type { Redis } from 'ioredis';

export interface StoredChallenge {
  address: string;
  kind: 'evm' | 'tron';
  nonce: string;
  message: string;
  expiresAt: number;
  /** EIP-4361 domain the message names when it is not SIWE_DOMAIN (the hosted page's host, signed there). */
  domain?: string;
}

/** Wallet challenges in Redis with a 5-minute TTL, consumed atomically (GETDEL) exactly once. */
export class ChallengeStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(id: string): string {
    return `${this.prefix}:challenge:${id}`;
  }

  async save(id: string, challenge: StoredChallenge, ttlMs: number): Promise<void> {
    await this.redis.set(this.key(id), JSON.stringify(challenge), 'PX', ttlMs);
  }

  /** Returns the challenge and deletes it in one command: of two concurrent callers only one gets it. */
  async consume(id: string): Promise<StoredChallenge | undefined> {
    const raw = await this.redis.getdel(this.key(id));
    return raw ? (JSON.parse(raw) as StoredChallenge) : undefined;
  }
}
