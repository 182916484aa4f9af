import type { Redis } from 'ioredis';

/** Redis channel on which credential changes are announced to every replica. */
const credentialChannel = (prefix: string): string => `${prefix}:credentials:invalidate`;

/** Cache keys: what a changed credential is known by. */
export const cacheKey = {
  apiKey: (prefix: string) => `api-key:${prefix}`,
  orchestratorKey: (prefix: string) => `orchestrator-key:${prefix}`,
  clientId: (clientId: string) => `client-id:${clientId}`,
  origin: (origin: string) => `origin:${origin}`,
  /** The origins of a platform's Client IDs (a backend Client ID's browser callers). */
  platformOrigins: (platformId: string) => `platform-origins:${platformId}`,
};

/** Tells every replica to forget the given credentials now (revocation, status change). */
export async function announceCredentialChange(redis: Redis, prefix: string, keys: string[]): Promise<void> {
  await redis.publish(credentialChannel(prefix), JSON.stringify(keys));
}

interface Entry {
  value: unknown;
  expiresAt: number;
}

/**
 * A short-lived per-replica cache of credential lookups, so authenticating a request costs
 * no database round trip in the common case. Entries live `ttlMs`; changes are also
 * announced on a Redis channel and evicted at once on every replica (the TTL bounds the
 * damage if an announcement is missed).
 */
export class CredentialCache {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries = 50000;

  constructor(private readonly ttlMs: number) {}

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.value as T;
    const value = await load();
    if (this.ttlMs > 0) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
    }
    return value;
  }

  evict(keys: string[]): void {
    for (const key of keys) this.entries.delete(key);
  }

  /** Subscribes to change announcements on a dedicated connection; returns it for closing. */
  async listen(subscriber: Redis, prefix: string): Promise<void> {
    subscriber.on('message', (_channel: string, message: string) => {
      try {
        const keys = JSON.parse(message) as unknown;
        if (Array.isArray(keys)) this.evict(keys.map(String));
      } catch {
        this.entries.clear(); // unreadable announcement: forget everything rather than keep stale grants
      }
    });
    await subscriber.subscribe(credentialChannel(prefix));
  }
}
