import { normalizeOrigin } from '@payrail/domain';
import type { NextFunction, Request, Response } from 'express';
import type { Authenticator } from './authenticator.js';

/** Request headers a browser Client ID may send. */
const CORS_ALLOWED_HEADERS = ['x-client-id', 'content-type', 'idempotency-key', 'x-wallet-proof', 'x-wallet-proof-timestamp'];
/** Response headers a browser may read. */
const CORS_EXPOSED_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'x-request-id'];
const METHODS = 'GET, POST, PUT, PATCH, DELETE';

/** Grants one origin on an actual (non-preflight) response, after the guard checked it against the Client ID. */
export function grantCors(res: Response, origin: string): void {
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS.join(', '));
}

/**
 * CORS for browser Client IDs. A preflight carries no x-client-id value, so it is granted to
 * an origin that some usable Client ID allows; the actual request is then granted only when
 * the guard finds the origin in that request's own Client ID list (or, on the hosted page's
 * routes, it is the page's own origin). The hosted page's calls without a Client ID are granted
 * without credentials (hostedPageCors). Every response varies
 * on Origin. Other origins get no grant (the browser refuses the call).
 */
export function corsMiddleware(
  authenticator: Authenticator,
  dashboardOrigins: readonly string[] = [],
  hostedPageOrigins: readonly string[] = [],
) {
  return (req: Request, res: Response, next: NextFunction): void => {
    res.vary('Origin');
    const origin = req.headers.origin;
    const preflight = req.method === 'OPTIONS' && typeof req.headers['access-control-request-method'] === 'string';
    if (typeof origin !== 'string') return next();
    const normalized = normalizeOrigin(origin);
    if (normalized.ok && dashboardOrigins.includes(normalized.origin)) return dashboardCors(origin, preflight, res, next);
    if (normalized.ok && hostedPageOrigins.includes(normalized.origin)) return hostedPageCors(origin, preflight, req, res, next);
    if (!preflight) return next();
    const grant = normalized.ok ? authenticator.originKnown(normalized.origin) : Promise.resolve(false);
    grant.then(
      (known) => {
        if (known) {
          res.setHeader('Access-Control-Allow-Origin', origin);
          res.setHeader('Access-Control-Allow-Methods', METHODS);
          res.setHeader('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS.join(', '));
          res.setHeader('Access-Control-Max-Age', '600');
        }
        res.status(204).end();
      },
      (error: unknown) => next(error),
    );
  };
}

/**
 * Payrail's own hosted page gets CORS without credentials: its preflights (with `authorization`
 * allowed), and the answers to its calls that carry no Client ID (the onboarding screen's public
 * intent read, wallet sign-in and `Authorization: Bearer` wallet session, held in the page's memory,
 * never a cookie: no cookie is sent or read cross-origin, so no CSRF). A call with a Client ID is
 * granted by the guard only, as for any origin (@HostedPageRoute() routes accept the page's origin).
 */
function hostedPageCors(origin: string, preflight: boolean, req: Request, res: Response, next: NextFunction): void {
  if (!preflight) {
    if (req.headers['x-client-id'] === undefined) grantCors(res, origin);
    return next();
  }
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Allow-Methods', METHODS);
  res.setHeader('Access-Control-Allow-Headers', [...CORS_ALLOWED_HEADERS, 'authorization'].join(', '));
  res.setHeader('Access-Control-Max-Age', '600');
  res.status(204).end();
}

/** The dashboard's origins get credentialed CORS (session cookie), on preflights and responses. */
function dashboardCors(origin: string, preflight: boolean, res: Response, next: NextFunction): void {
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS.join(', '));
  if (!preflight) return next();
  res.setHeader('Access-Control-Allow-Methods', METHODS);
  res.setHeader('Access-Control-Allow-Headers', [...CORS_ALLOWED_HEADERS, 'authorization'].join(', '));
  res.setHeader('Access-Control-Max-Age', '600');
  res.status(204).end();
}
