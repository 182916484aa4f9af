import { parse } from 'cookie';
import type { CookieOptions, Request, Response } from 'express';

export const SESSION_COOKIE = 'session_token';

/** Spec: httpOnly, Secure, SameSite=Lax, Path=/ (browsers accept Secure cookies on localhost). */
const COOKIE_OPTIONS: CookieOptions = { httpOnly: true, secure: true, sameSite: 'lax', path: '/' };

export function setSessionCookie(res: Response, token: string, expiresAt: number, now: number): void {
  res.cookie(SESSION_COOKIE, token, { ...COOKIE_OPTIONS, maxAge: Math.max(0, expiresAt - now) });
}

export function clearSessionCookie(res: Response): void {
  res.clearCookie(SESSION_COOKIE, COOKIE_OPTIONS);
}

/** The session token of a request and where it came from: `Authorization: Bearer` first, then the cookie. */
export function presentedSessionToken(req: Request): { token: string; via: 'bearer' | 'cookie' } | undefined {
  const auth = req.headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) return { token: auth.slice(7).trim(), via: 'bearer' };
  const header = req.headers.cookie;
  if (typeof header !== 'string') return undefined;
  const token = parse(header)[SESSION_COOKIE];
  return token ? { token, via: 'cookie' } : undefined;
}
