import { applyDecorators } from '@nestjs/common';
import { ApiForbiddenResponse, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { AuthKind } from './route-auth.js';

/** An OpenAPI response schema in the spec's error shape, with an example body. */
export const apiErrorSchema = (statusCode: number, message: string, error: string) => ({
  schema: {
    type: 'object',
    required: ['statusCode', 'message', 'error'],
    properties: { statusCode: { type: 'integer' }, message: { type: 'string' }, error: { type: 'string' } },
    example: { statusCode, message, error },
  },
});

interface Documented {
  description: string;
  message: string;
}

const NO_ORIGIN = 'no Origin for a Client ID that lists allowed origins';
const CLIENT_ID_REFUSED = 'Client ID inactive, restricted or revoked, or Origin not allowed for it';

/**
 * What CredentialGuard answers 401 for, per set of kinds a route takes (keyed by the kinds of
 * `@Auth` in its order, comma-joined): prose for the reader of the OpenAPI document, one per
 * combination in use (Authenticator and the session check).
 */
const UNAUTHORIZED: Record<string, Documented> = {
  'api-key': { description: 'Missing, unknown or revoked x-api-key', message: 'Missing x-api-key header' },
  'client-id': { description: `Missing or unknown x-client-id, or ${NO_ORIGIN}`, message: 'Missing x-client-id header' },
  'api-key,client-id': {
    description: `Neither x-api-key nor x-client-id, an unknown or revoked API key, an unknown Client ID, or ${NO_ORIGIN}`,
    message: 'Invalid or expired API key',
  },
  'orchestrator-key-with-client-id,api-key,client-id': {
    description:
      `Neither x-api-key nor x-client-id, an unknown or revoked API key or orchestrator key, an unknown Client ID, ` +
      `x-orchestrator-key without x-client-id, or ${NO_ORIGIN}`,
    message: 'x-orchestrator-key must be paired with x-client-id',
  },
  'orchestrator-key': { description: 'Missing, unknown or revoked x-orchestrator-key', message: 'Missing x-orchestrator-key header' },
  session: {
    description:
      'No session (`Authorization: Bearer <token>`, or the `__Host-session_token` cookie; `session_token` is still read), or an invalid or expired one',
    message: 'Invalid or expired session',
  },
  'api-key,session': {
    description:
      'Neither x-api-key nor a session (`Authorization: Bearer <token>`, or the `__Host-session_token` cookie), an unknown or revoked API key, ' +
      'or an invalid or expired session (the API key decides when both are sent)',
    message: 'Missing x-api-key or session: send x-api-key, Authorization: Bearer <token> or the session cookie',
  },
  'api-key,client-id,session': {
    description:
      `Neither x-api-key, x-client-id nor a session, an unknown or revoked API key, an unknown Client ID, ${NO_ORIGIN}, ` +
      'or an invalid or expired session (sent without x-api-key and x-client-id)',
    message: 'Invalid or expired API key',
  },
  'orchestrator-key-with-client-id,api-key,client-id,session': {
    description:
      `Neither x-api-key, x-client-id, x-orchestrator-key nor a session, an unknown or revoked API key or orchestrator key, ` +
      `an unknown Client ID, x-orchestrator-key without x-client-id, ${NO_ORIGIN}, or an invalid or expired session`,
    message: 'x-orchestrator-key must be paired with x-client-id',
  },
  'client-id-with-owner': {
    description:
      'Missing or unknown x-client-id; or x-client-id alone (a Client ID is public): without the x-api-key or session ' +
      '(`Authorization: Bearer`, or the `__Host-session_token` cookie) of its platform; or an invalid or expired key or session',
    message: "Missing x-api-key or session: a Client ID is public, send its platform's x-api-key or session with x-client-id",
  },
};

const wrongKind = (takes: string, example: string): Documented => ({
  description: `A valid credential of a kind this route does not take (it takes ${takes})`,
  message: `${example} is not allowed on this route: it takes ${takes}`,
});

/** What CredentialGuard answers 403 for, per set of kinds: a valid credential of another kind, and Client ID refusals. */
const FORBIDDEN: Record<string, Documented[]> = {
  'api-key': [wrongKind('x-api-key', 'x-client-id')],
  'client-id': [
    wrongKind('x-client-id', 'x-api-key'),
    { description: CLIENT_ID_REFUSED, message: 'Origin is not allowed for this Client ID' },
  ],
  'api-key,client-id': [
    wrongKind('x-api-key or x-client-id', 'x-orchestrator-key'),
    { description: CLIENT_ID_REFUSED, message: 'Client ID is revoked' },
  ],
  'orchestrator-key-with-client-id,api-key,client-id': [
    wrongKind('x-api-key or x-client-id or x-orchestrator-key', 'a session (Authorization: Bearer or the session_token cookie)'),
    {
      description: `${CLIENT_ID_REFUSED}, or the Client ID is not linked to the orchestrator`,
      message: 'This Client ID is not linked to the orchestrator',
    },
  ],
  'orchestrator-key': [wrongKind('x-orchestrator-key', 'x-client-id')],
  session: [wrongKind('a session (Authorization: Bearer or the session_token cookie)', 'x-client-id')],
  'api-key,session': [wrongKind('x-api-key or a session (Authorization: Bearer or the session_token cookie)', 'x-client-id')],
  'api-key,client-id,session': [
    wrongKind('x-api-key or x-client-id or a session (Authorization: Bearer or the session_token cookie)', 'x-orchestrator-key'),
    { description: CLIENT_ID_REFUSED, message: 'Client ID is revoked' },
  ],
  'orchestrator-key-with-client-id,api-key,client-id,session': [
    {
      description: `${CLIENT_ID_REFUSED}, or the Client ID is not linked to the orchestrator`,
      message: 'This Client ID is not linked to the orchestrator',
    },
  ],
  'client-id-with-owner': [
    wrongKind("x-client-id with its platform's x-api-key or session", 'x-orchestrator-key'),
    { description: 'Client ID inactive, restricted or revoked', message: 'Client ID is revoked' },
    {
      description: 'the x-api-key or session belongs to another platform than the Client ID',
      message: 'The x-api-key belongs to another platform than this Client ID',
    },
  ],
};

/** Whether a session cookie can authenticate a route taking `kinds` (its writes are CSRF-checked). */
const takesCookie = (kinds: readonly AuthKind[]) => kinds.includes('session') || kinds.includes('client-id-with-owner');

const CSRF: Documented = {
  description: 'A change authenticated by the session cookie from an Origin that is not a dashboard origin (CSRF)',
  message: 'Cross-site request refused: Origin is not a dashboard origin',
};

/** One response per status: the causes joined, the last one as the example. */
const combined = (statusCode: number, error: string, causes: Documented[]) => ({
  description: causes.map((d) => d.description).join('; or '),
  ...apiErrorSchema(statusCode, causes[causes.length - 1].message, error),
});

export interface ApiAuthErrorsOptions {
  /** A session route that changes state: a cookie-borne call must come from a dashboard origin. */
  cookieWrites?: boolean;
  /** The route's own 401 (use case), documented together with the guard's. */
  unauthorized?: Documented;
  /** The route's own 403 (use case), documented together with the guard's (one response per status). */
  forbidden?: Documented;
  /** Replaces the 429 description (a route with a limiter of its own on top of the credential's). */
  tooManyRequests?: string;
}

/**
 * The error statuses CredentialGuard can answer on a route taking `kinds` (on a method or a
 * controller): 401, 403 (a valid credential of another kind; a refused Client ID; a cookie
 * session writing from a foreign Origin), and the rate limiter's 429, each in the spec's error shape. Keep it beside the route's `@Auth`.
 */
export function ApiAuthErrors(kinds: readonly AuthKind[], options: ApiAuthErrorsOptions = {}) {
  const key = kinds.join(',');
  if (!(key in UNAUTHORIZED) || !(key in FORBIDDEN)) throw new Error(`ApiAuthErrors: no documented answers for @Auth(${key})`);
  const unauthorized = [UNAUTHORIZED[key], options.unauthorized].filter((d): d is Documented => d !== undefined);
  const forbidden = [...FORBIDDEN[key], takesCookie(kinds) && options.cookieWrites ? CSRF : undefined, options.forbidden].filter(
    (d): d is Documented => d !== undefined,
  );
  return applyDecorators(
    ApiUnauthorizedResponse(combined(401, 'Unauthorized', unauthorized)),
    ApiForbiddenResponse(combined(403, 'Forbidden', forbidden)),
    ApiTooManyRequestsResponse({
      description:
        options.tooManyRequests ??
        'Rate limit exceeded (per credential and client IP; a sustained breach blocks for a while), or too many failed ' +
          'authentications from this client IP (checked before the credential is looked up); Retry-After says when to try again',
      ...apiErrorSchema(429, 'Too many requests', 'Too Many Requests'),
    }),
  );
}
