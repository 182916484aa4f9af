import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** The OpenAPI UI is the only HTML the APIs serve beside the sandbox page (which sets its own policy). */
const DOCS = /^\/docs(?:[/?-]|$)/;

/**
 * helmet's security headers on every response, set for a JSON API: a Content-Security-Policy
 * that allows nothing (`default-src 'none'`, no framing: a JSON answer is never a page), no
 * MIME sniffing, no referrer, same-site resource policy (CORS reads are not affected). The
 * OpenAPI UI at /docs keeps helmet's default page policy (its own scripts and styles). HSTS
 * only outside PAYRAIL_ENV=local, where the APIs sit behind TLS (`npm start` serves plain HTTP
 * on localhost, which a pinned HSTS entry would break for every local port).
 */
export function securityHeaders(options: { hsts: boolean }): RequestHandler {
  const common = {
    strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' as const },
    crossOriginResourcePolicy: { policy: 'same-site' as const },
  };
  const api = helmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"], frameAncestors: ["'none'"] },
    },
  });
  const docs = helmet(common);
  return (req, res, next) => (DOCS.test(req.path) ? docs : api)(req, res, next);
}
