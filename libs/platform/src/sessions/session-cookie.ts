import { parse } from 'cookie';
import type { CookieOptions, Request, Response } from 'express';

/**
 * The session cookie. `__Host-` makes browsers refuse it unless it is Secure, Path=/ and has no
 * Domain, so a sibling subdomain cannot plant or overwrite it (session fixation). Browsers treat
 * http://localhost as a secure context and keep Secure cookies there (Chrome, Firefox), so local
 * development over http works; Safari does not, use https or another browser locally.
 */
export const SESSION_COOKIE = '__Host-session_token';
/** The interface's name (`session_token`): still read, never set, so older clients keep working. */
const LEGACY_SESSION_COOKIE = 'session_token';

const COOKIE_OPTIONS: CookieOptions = { httpOnly: true, secure: true, sameSite: 'lax', path: '/' };

export function setSessionCookie(res: Response, token: string, expiresAt: number, now: number): void {
  res.cookie(SESSION_COOKIE, token, { ...COOKIE_OPTIONS, maxAge: Math.max(0, expiresAt - now) });
}

/** Clears the cookie under both names. */
export function clearSessionCookie(res: Response): void {
  res.clearCookie(SESSION_COOKIE, COOKIE_OPTIONS);
  res.clearCookie(LEGACY_SESSION_COOKIE, COOKIE_OPTIONS);
}

/** The session token a request's cookies carry (`__Host-session_token` first, then the legacy name). */
export function cookieSessionToken(req: Request): string | undefined {
  const header = req.headers.cookie;
  if (typeof header !== 'string') return undefined;
  const cookies = parse(header);
  return cookies[SESSION_COOKIE] || cookies[LEGACY_SESSION_COOKIE] || undefined;
}

/** The session token of a request and where it came from: `Authorization: Bearer` first, then the cookie. */
export function presentedSessionToken(req: Request): { token: string; via: 'bearer' | 'cookie' } | undefined {
  const auth = req.headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) return { token: auth.slice(7).trim(), via: 'bearer' };
  const token = cookieSessionToken(req);
  return token ? { token, via: 'cookie' } : undefined;
}
