import type { AuthKind } from '../http/route-auth.js';
import { presentedSessionToken } from '../sessions/session-cookie.js';
import type { RequestWithCaller } from './caller.js';

/** The kinds of credential a request can carry (spec: Authentication). */
export type CredentialKind = 'api-key' | 'client-id' | 'orchestrator-key' | 'session';

/** How each kind is named in an error message. */
export const KIND_NAMES: Record<CredentialKind, string> = {
  'api-key': 'x-api-key',
  'client-id': 'x-client-id',
  'orchestrator-key': 'x-orchestrator-key',
  session: 'a session (Authorization: Bearer or the session_token cookie)',
};

/** The credentials a route kind reads: the first one carried selects the kind; the others complete a pair. */
const READS: Record<AuthKind, readonly CredentialKind[]> = {
  'api-key': ['api-key'],
  'client-id': ['client-id'],
  'orchestrator-key': ['orchestrator-key'],
  session: ['session'],
  'orchestrator-key-with-client-id': ['orchestrator-key', 'client-id'],
  'client-id-with-owner': ['client-id', 'api-key', 'session'],
};

/** The order kinds are listed in a message (not their precedence), and how. */
const LISTED: readonly [AuthKind, string][] = [
  ['api-key', KIND_NAMES['api-key']],
  ['client-id', KIND_NAMES['client-id']],
  ['orchestrator-key', KIND_NAMES['orchestrator-key']],
  ['orchestrator-key-with-client-id', KIND_NAMES['orchestrator-key']],
  ['session', KIND_NAMES.session],
  ['client-id-with-owner', "x-client-id with its platform's x-api-key or session"],
];

/** The credentials a route taking `kinds` reads: a valid one of any other kind is a 403, not a 401. */
export const acceptedCredentials = (kinds: readonly AuthKind[]): Set<CredentialKind> => new Set(kinds.flatMap((kind) => READS[kind]));

/** What a route taking `kinds` takes, as a 403 message names it. */
export const takenBy = (kinds: readonly AuthKind[]): string =>
  LISTED.filter(([kind]) => kinds.includes(kind))
    .map(([, name]) => name)
    .join(' or ');

const HEADERS: Record<Exclude<CredentialKind, 'session'>, string> = {
  'api-key': 'x-api-key',
  'client-id': 'x-client-id',
  'orchestrator-key': 'x-orchestrator-key',
};

const carried = (req: RequestWithCaller, kind: CredentialKind): string | undefined => {
  if (kind === 'session') return presentedSessionToken(req)?.token;
  const value = req.headers[HEADERS[kind]];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

/** Whether the request carries the credential that selects `kind` (the first it reads). */
export const carries = (req: RequestWithCaller, kind: AuthKind): boolean => carried(req, READS[kind][0]) !== undefined;

/** Each credential the request carries, with its value (the session token for a session). */
export function presentedCredentials(req: RequestWithCaller): { kind: CredentialKind; value: string }[] {
  return (['api-key', 'client-id', 'orchestrator-key', 'session'] as const).flatMap((kind) => {
    const value = carried(req, kind);
    return value === undefined ? [] : [{ kind, value }];
  });
}

const MISSING_ONE: Record<AuthKind, string> = {
  'api-key': 'Missing x-api-key header',
  'client-id': 'Missing x-client-id header',
  'orchestrator-key': 'Missing x-orchestrator-key header',
  'orchestrator-key-with-client-id': 'Missing x-orchestrator-key header',
  session: 'Missing session: send Authorization: Bearer <token> or the session_token cookie',
  'client-id-with-owner': 'Missing x-client-id header',
};

/** The 401 message when the request carries none of the credentials of a route taking `kinds`. */
export function missingMessage(kinds: readonly AuthKind[]): string {
  if (kinds.length === 1) return MISSING_ONE[kinds[0]];
  const headers = kinds.filter((kind) => kind !== 'session' && READS[kind].length === 1).map((kind) => KIND_NAMES[READS[kind][0]]);
  if (kinds.includes('session') && headers.length === 1)
    return `Missing ${headers[0]} or session: send ${headers[0]}, Authorization: Bearer <token> or the session cookie`;
  return `Missing authentication header: send ${headers.join(' or ')}`;
}
