import type { AuthMode } from '../http/route-auth.js';
import { presentedSessionToken } from '../sessions/session-cookie.js';
import type { RequestWithCaller } from './caller.js';

/** The kinds of credential a request can carry (spec: Authentication). */
export type CredentialKind = 'api-key' | 'client-id' | 'orchestrator-key' | 'session';

type GuardedMode = Exclude<AuthMode['mode'], 'public'>;

/** The credential kinds each route mode authenticates with. */
export const ACCEPTED_KINDS: Record<GuardedMode, readonly CredentialKind[]> = {
  'api-key': ['api-key'],
  'client-id': ['client-id'],
  'api-key-or-client-id': ['api-key', 'client-id'],
  'api-key-client-id-or-orchestrator': ['api-key', 'client-id', 'orchestrator-key'],
  'orchestrator-key': ['orchestrator-key'],
  session: ['session'],
  'api-key-or-session': ['api-key', 'session'],
  'api-key-client-id-or-session': ['api-key', 'client-id', 'session'],
  'api-key-client-id-orchestrator-or-session': ['api-key', 'client-id', 'orchestrator-key', 'session'],
  'client-id-with-owner': ['client-id', 'api-key', 'session'],
};

/** How each kind is named in an error message. */
export const KIND_NAMES: Record<CredentialKind, string> = {
  'api-key': 'x-api-key',
  'client-id': 'x-client-id',
  'orchestrator-key': 'x-orchestrator-key',
  session: 'a session (Authorization: Bearer or the session_token cookie)',
};

/** What a route of `mode` takes, as a 403 message names it. */
export function takenBy(mode: GuardedMode): string {
  if (mode === 'client-id-with-owner') return "x-client-id with its platform's x-api-key or session";
  return ACCEPTED_KINDS[mode].map((kind) => KIND_NAMES[kind]).join(' or ');
}

const HEADERS: Record<Exclude<CredentialKind, 'session'>, string> = {
  'api-key': 'x-api-key',
  'client-id': 'x-client-id',
  'orchestrator-key': 'x-orchestrator-key',
};

/** Each credential the request carries, with its value (the session token for a session). */
export function presentedCredentials(req: RequestWithCaller): { kind: CredentialKind; value: string }[] {
  const found: { kind: CredentialKind; value: string }[] = [];
  for (const [kind, name] of Object.entries(HEADERS) as [Exclude<CredentialKind, 'session'>, string][]) {
    const value = req.headers[name];
    if (typeof value === 'string' && value.length > 0) found.push({ kind, value });
  }
  const session = presentedSessionToken(req);
  if (session) found.push({ kind: 'session', value: session.token });
  return found;
}
