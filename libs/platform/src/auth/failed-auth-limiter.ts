import { createHash, randomBytes } from 'node:crypto';
import { PayrailError } from '@payrail/domain';
import type { Request } from 'express';
import type { Redis } from 'ioredis';
import type { AuthMode } from '../http/route-auth.js';
import { presentedSessionToken } from '../sessions/session-cookie.js';
import { noRedisTimeShift, type RedisTimeShift } from './clock.js';
import { FAILED_AUTH_SCRIPT } from './failed-auth.lua.js';
import { clientIpBucket } from './rate-limit/client-ip.js';
import { rateLimitRejections } from '../metrics/http.js';

export interface FailedAuthPolicy {
  /** Failed authentications a client-IP bucket may make within the window. */
  maxFailures: number;
  windowSeconds: number;
}

type FailedAuthCommand = (key: string, shift: number, windowMs: number, allowed: number, member: string) => Promise<number>;

const MEMBER_PREFIX = randomBytes(8).toString('hex');
let memberSeq = 0;

const CREDENTIAL_HEADERS = ['x-api-key', 'x-client-id', 'x-orchestrator-key', 'authorization'];

/** How long a credential that authenticated stays known to pass a refusing bucket (renewed by use). */
export const KNOWN_CREDENTIAL_TTL_MS = 24 * 3600 * 1000;
/** A replica renews a known credential's mark at most this often (no Redis write per request). */
const MARK_RENEW_MS = 10 * 60 * 1000;
const MARKS_REMEMBERED = 50000;

/** Whether the request carries something a lookup would be made for (a bare cookie jar is not). */
const presentsCredential = (req: Request): boolean =>
  CREDENTIAL_HEADERS.some((name) => typeof req.headers[name] === 'string') || presentedSessionToken(req) !== undefined;

/**
 * What the request presents, as a digest: every credential header, the session token and the
 * Origin (a Client ID authenticates together with its origin), so a mark fits only the exact
 * material that authenticated.
 */
function credentialDigest(req: Request): string {
  const parts = [...CREDENTIAL_HEADERS, 'origin'].map((name) => {
    const value = req.headers[name];
    return typeof value === 'string' ? value : '';
  });
  parts.push(presentedSessionToken(req)?.token ?? '');
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

/**
 * Credential stuffing brake: a client-IP bucket (IPv6 by /64) that made `maxFailures` failed
 * authentications (a presented API key, Client ID, orchestrator key or session that the
 * authenticator answered 401) within the window is answered 429 with Retry-After before any
 * credential lookup, so guessing keys cannot hammer Postgres. Requests that present no
 * credential, and public routes, neither count nor are checked (they cause no lookup).
 *
 * A refusing bucket still admits credentials known to be valid: one that authenticated within
 * KNOWN_CREDENTIAL_TTL_MS (from any address) is looked up as usual, so the payers and servers
 * sharing an address with a guesser (mobile CGNAT, serverless egress) keep working. Only unknown
 * or invalid material is refused; a known one that now fails loses its mark and counts.
 */
export class FailedAuthLimiter {
  private readonly command: FailedAuthCommand;
  /** Marks this replica wrote recently (digest -> when), so a busy credential costs one write per MARK_RENEW_MS. */
  private readonly marked = new Map<string, number>();

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly policy: FailedAuthPolicy,
    private readonly timeShift: RedisTimeShift = noRedisTimeShift,
  ) {
    if (!('payrailFailedAuth' in redis)) redis.defineCommand('payrailFailedAuth', { numberOfKeys: 1, lua: FAILED_AUTH_SCRIPT });
    this.command = (redis as unknown as { payrailFailedAuth: FailedAuthCommand }).payrailFailedAuth.bind(redis);
  }

  /** Runs `authenticate` for the request unless its bucket is over budget for this credential; counts its 401. */
  async guard<T>(req: Request, mode: AuthMode, authenticate: () => Promise<T>): Promise<T> {
    if (mode.mode === 'public' || !presentsCredential(req)) return authenticate();
    const key = `${this.keyPrefix}:auth-fail:{${clientIpBucket(req.ip)}}`;
    const known = `${this.keyPrefix}:auth-known:${credentialDigest(req)}`;
    const windowMs = this.policy.windowSeconds * 1000;
    const waitMs = await this.command(key, this.timeShift(), windowMs, this.policy.maxFailures, '');
    if (waitMs > 0 && (await this.redis.exists(known)) === 0) this.refuse(waitMs);
    let caller: T;
    try {
      caller = await authenticate();
    } catch (error) {
      if (error instanceof PayrailError && error.code === 'UNAUTHENTICATED') {
        const member = `${MEMBER_PREFIX}:${(memberSeq = (memberSeq + 1) % Number.MAX_SAFE_INTEGER)}`;
        this.marked.delete(known);
        await Promise.all([this.command(key, this.timeShift(), windowMs, this.policy.maxFailures, member), this.redis.del(known)]);
      }
      throw error;
    }
    await this.markKnown(known);
    return caller;
  }

  private async markKnown(known: string): Promise<void> {
    const now = Date.now();
    const at = this.marked.get(known);
    if (at !== undefined && now - at < MARK_RENEW_MS) return;
    if (this.marked.size >= MARKS_REMEMBERED) this.marked.clear();
    this.marked.set(known, now);
    await this.redis.set(known, '1', 'PX', KNOWN_CREDENTIAL_TTL_MS);
  }

  private refuse(waitMs: number): never {
    rateLimitRejections.inc({ class: 'failed-auth' });
    throw new PayrailError('RATE_LIMITED', 'Too many failed authentications from this address; try again later', {
      retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
    });
  }
}
