import { randomBytes } from 'node:crypto';
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

/** Whether the request carries something a lookup would be made for (a bare cookie jar is not). */
const presentsCredential = (req: Request): boolean =>
  CREDENTIAL_HEADERS.some((name) => typeof req.headers[name] === 'string') || presentedSessionToken(req) !== undefined;

/**
 * Credential stuffing brake: a client-IP bucket (IPv6 by /64) that made `maxFailures` failed
 * authentications (a presented API key, Client ID, orchestrator key or session that the
 * authenticator answered 401) within the window is answered 429 with Retry-After before any
 * credential lookup, so guessing keys cannot hammer Postgres. Requests that present no
 * credential, and public routes, neither count nor are checked (they cause no lookup).
 */
export class FailedAuthLimiter {
  private readonly command: FailedAuthCommand;

  constructor(
    redis: Redis,
    private readonly keyPrefix: string,
    private readonly policy: FailedAuthPolicy,
    private readonly timeShift: RedisTimeShift = noRedisTimeShift,
  ) {
    if (!('payrailFailedAuth' in redis)) redis.defineCommand('payrailFailedAuth', { numberOfKeys: 1, lua: FAILED_AUTH_SCRIPT });
    this.command = (redis as unknown as { payrailFailedAuth: FailedAuthCommand }).payrailFailedAuth.bind(redis);
  }

  /** Runs `authenticate` for the request unless its bucket is over budget; counts its 401. */
  async guard<T>(req: Request, mode: AuthMode, authenticate: () => Promise<T>): Promise<T> {
    if (mode.mode === 'public' || !presentsCredential(req)) return authenticate();
    const key = `${this.keyPrefix}:auth-fail:{${clientIpBucket(req.ip)}}`;
    const windowMs = this.policy.windowSeconds * 1000;
    this.refuseIfWaiting(await this.command(key, this.timeShift(), windowMs, this.policy.maxFailures, ''));
    try {
      return await authenticate();
    } catch (error) {
      if (error instanceof PayrailError && error.code === 'UNAUTHENTICATED') {
        const member = `${MEMBER_PREFIX}:${(memberSeq = (memberSeq + 1) % Number.MAX_SAFE_INTEGER)}`;
        await this.command(key, this.timeShift(), windowMs, this.policy.maxFailures, member);
      }
      throw error;
    }
  }

  private refuseIfWaiting(waitMs: number): void {
    if (waitMs <= 0) return;
    rateLimitRejections.inc({ class: 'failed-auth' });
    throw new PayrailError('RATE_LIMITED', 'Too many failed authentications from this address; try again later', {
      retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
    });
  }
}
