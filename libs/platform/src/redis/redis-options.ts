import type { RedisOptions } from 'ioredis';

/** ioredis options from a redis:// or rediss:// URL (BullMQ takes options, not a URL). */
export function redisOptionsFromUrl(url: string, extra: RedisOptions = {}): RedisOptions {
  const u = new URL(url);
  const db = u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0;
  return {
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port ? Number(u.port) : 6379,
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: Number.isInteger(db) ? db : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    ...extra,
  };
}
